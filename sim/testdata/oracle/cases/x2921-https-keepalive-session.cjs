// https: a keep-alive agent reuses its TLS connection for the next request (no new
// handshake); a new connection of the same agent offers the session it kept and the
// server resumes it (isSessionReused). Handshakes cost CPU on both sides.
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
let handshakes = 0;
const server = https.createServer({ key: KEY, cert: CERT }, (req, res) => res.end(req.url));
server.on('secureConnection', (s) => console.log('secureConnection', ++handshakes));
server.listen(0, () => {
  const agent = new https.Agent({ keepAlive: true, ca: CERT });
  const port = server.address().port;
  const get = (path, cb) => https.get({ host: 'localhost', port, path, agent }, (res) => {
    let body = '';
    const reused = res.socket.isSessionReused();
    res.on('data', (d) => (body += d));
    res.on('end', () => { console.log(path, res.statusCode, body, res.req.reusedSocket, reused); cb(); });
  });
  get('/one', () => get('/two', () => {
    agent.destroy();
    setTimeout(() => get('/three', () => { agent.destroy(); server.close(); }), 10);
  }));
});
