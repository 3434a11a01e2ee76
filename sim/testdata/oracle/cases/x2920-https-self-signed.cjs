// https: a server with a self-signed certificate and https.get to it, trusting it by ca
// and by rejectUnauthorized: false; without either the request fails with
// DEPTH_ZERO_SELF_SIGNED_CERT. The request goes out once the handshake is done.
const https = require('https');
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
const server = https.createServer({ key: KEY, cert: CERT }, (req, res) => {
  console.log('server', req.method, req.url, req.headers.host === 'localhost:' + server.address().port, req.socket.encrypted, req.socket.alpnProtocol);
  res.setHeader('content-type', 'text/plain');
  res.end('hello ' + req.url);
});
server.on('secureConnection', () => console.log('secureConnection'));
server.on('tlsClientError', (e) => console.log('tlsClientError', e.code));
server.listen(0, () => {
  const port = server.address().port;
  const req = https.get({ host: 'localhost', port, path: '/a', ca: CERT }, (res) => {
    console.log('status', res.statusCode, res.headers['content-type'], res.socket.authorized, res.socket.getProtocol());
    res.setEncoding('utf8');
    res.on('data', (d) => console.log('body', d));
    res.on('end', () => {
      console.log('end a');
      https.get('https://localhost:' + port + '/b', { rejectUnauthorized: false }, (res) => {
        console.log('status b', res.statusCode, res.socket.authorized, res.socket.authorizationError);
        res.resume();
        res.on('end', () => {
          const r = https.get('https://127.0.0.1:' + port + '/c', (res) => console.log('unexpected', res.statusCode));
          r.on('error', (e) => {
            console.log('error c', e.code, e.message);
            server.close(() => console.log('server closed'));
          });
        });
      });
    });
  });
  req.on('socket', (s) => {
    console.log('socket', s.constructor.name, s.encrypted);
    s.on('secureConnect', () => console.log('secureConnect'));
  });
});
