// tls: a server that asks for a client certificate (requestCert) checks it against its
// ca: a client with the trusted certificate is authorized; one without is refused
// (rejectUnauthorized) or let in unauthorized with UNABLE_TO_GET_ISSUER_CERT.
const tls = require('tls');
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgFCSeaavLMmKW9v8r
eSxtgNjRQwvNxapGUcmj/UHlteGhRANCAARhyhSh3clsMBhh3uTjTou5KWMKWoe9
l7BlxNQzRFP2Bo6lo2/ciHRnfjUn16uk5NpG4GRjZpNvsuX5oN98xUsg
-----END PRIVATE KEY-----
`;
const CERT = `-----BEGIN CERTIFICATE-----
MIIBmTCCAT+gAwIBAgIFGis8TV4wCgYIKoZIzj0EAwIwKzEVMBMGA1UEChMMTG9v
cGxhYiBUZXN0MRIwEAYDVQQDEwlsb2NhbGhvc3QwIBcNMjAwMTAxMDAwMDAwWhgP
MjA5OTEyMzEyMzU5NTlaMCsxFTATBgNVBAoTDExvb3BsYWIgVGVzdDESMBAGA1UE
AxMJbG9jYWxob3N0MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEYcoUod3JbDAY
Yd7k406LuSljClqHvZewZcTUM0RT9gaOpaNv3Ih0Z341J9erpOTaRuBkY2aTb7Ll
+aDffMVLIKNOMEwwDwYDVR0TAQH/BAUwAwEB/zAdBgNVHQ4EFgQUd05TRPfQ70Ds
AAE9BMxqZqLRjnYwGgYDVR0RBBMwEYIJbG9jYWxob3N0hwR/AAABMAoGCCqGSM49
BAMCA0gAMEUCIQC/jkZwEdrvE1y9E3McqSBk4iOUj/60er6p7invCrg/9AIgVmnR
gw6O8uHPHoCE4DSbUc14oL5K/kHkkwXzrinw/Gw=
-----END CERTIFICATE-----
`;
const strict = tls.createServer({ key: KEY, cert: CERT, ca: CERT, requestCert: true }, (s) => {
  const peer = s.getPeerCertificate();
  console.log('strict secure', s.authorized, s.authorizationError, peer.subject && peer.subject.CN);
  s.end('ok');
});
strict.on('tlsClientError', (e) => console.log('strict tlsClientError', e.code));
const lax = tls.createServer({ key: KEY, cert: CERT, requestCert: true, rejectUnauthorized: false }, (s) => {
  console.log('lax secure', s.authorized, s.authorizationError, JSON.stringify(s.getPeerCertificate()));
  s.end('ok');
});
strict.listen(0, () => lax.listen(0, () => {
  const a = tls.connect({ port: strict.address().port, host: 'localhost', ca: CERT, key: KEY, cert: CERT }, () => console.log('a secureConnect', a.authorized));
  a.on('data', (d) => console.log('a data', d.toString()));
  a.on('close', () => {
    const b = tls.connect({ port: lax.address().port, host: 'localhost', ca: CERT }, () => console.log('b secureConnect'));
    b.on('data', (d) => console.log('b data', d.toString()));
    b.on('close', () => {
      const c = tls.connect({ port: strict.address().port, host: 'localhost', ca: CERT }, () => console.log('c secureConnect'));
      c.on('error', (e) => console.log('c error', e.code));
      c.on('close', () => { console.log('c close'); strict.close(); lax.close(); });
    });
  });
}));
