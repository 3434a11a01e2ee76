// tls: what the client writes before the handshake ends leaves after its Finished and
// reaches the server right after 'secureConnection'; ALPN picks the server's first
// preference the client offers; getCipher, getEphemeralKeyInfo and getCertificate.
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
const server = tls.createServer({ key: KEY, cert: CERT, ALPNProtocols: ['h2', 'http/1.1'] }, (s) => {
  console.log('server secure', s.alpnProtocol, s.getProtocol(), s.getCertificate().subject.CN, JSON.stringify(s.getPeerCertificate()));
  s.setEncoding('utf8');
  s.on('data', (d) => console.log('server data', d));
  s.on('end', () => { console.log('server end'); s.end(); });
});
server.listen(0, '127.0.0.1', () => {
  const c = tls.connect({ port: server.address().port, host: '127.0.0.1', ca: [CERT], ALPNProtocols: ['http/1.1', 'h2'] });
  console.log('connecting', c.encrypted, c.authorized, c.getProtocol(), c.alpnProtocol);
  c.write('early ');
  c.end('and final');
  c.on('secureConnect', () => {
    const cipher = c.getCipher();
    console.log('client secure', c.authorized, c.alpnProtocol, cipher.version, typeof cipher.name, JSON.stringify(c.getEphemeralKeyInfo()));
    console.log('peer', c.getPeerCertificate().subjectaltname, c.getPeerX509Certificate().subject.replace('\n', ','));
  });
  c.on('finish', () => console.log('client finish'));
  c.on('close', () => { console.log('client close'); server.close(); });
  c.resume();
});
