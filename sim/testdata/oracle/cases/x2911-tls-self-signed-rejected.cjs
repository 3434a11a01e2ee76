// tls: a self-signed certificate the client does not trust ends its connection with
// DEPTH_ZERO_SELF_SIGNED_CERT ('error' on the client, the server's socket reset);
// rejectUnauthorized: false connects with authorized false and the reason; a host name
// the certificate does not name is ERR_TLS_CERT_ALTNAME_INVALID.
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
const server = tls.createServer({ key: KEY, cert: CERT }, (sock) => {
  console.log('server secureConnection');
  sock.end('bye');
});
server.on('tlsClientError', (e) => console.log('server tlsClientError', e.code));
server.listen(0, () => {
  const port = server.address().port;
  const a = tls.connect(port, 'localhost');
  a.on('secureConnect', () => console.log('a secureConnect?'));
  a.on('error', (e) => {
    console.log('a error', e.code, e.message);
    const b = tls.connect({ port, host: '127.0.0.1', rejectUnauthorized: false }, () => {
      console.log('b secureConnect', b.authorized, b.authorizationError);
      b.on('data', (d) => console.log('b data', d.toString()));
      b.on('end', () => {
        console.log('b end');
        const c = tls.connect({ port, host: 'localhost', servername: 'example.com', ca: CERT });
        c.on('error', (e) => { console.log('c error', e.code, e.reason, e.host); server.close(); });
      });
    });
  });
});
