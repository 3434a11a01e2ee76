// tls: a server and a client on localhost with a self-signed certificate the client
// trusts (ca). The raw TCP 'connection' comes first; the client's 'secureConnect' comes
// after the server's first flight, the server's 'secureConnection' after the client's
// Finished; TLS 1.3 session tickets reach the client as 'session' events.
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
  console.log('server secureConnection', sock.authorized, sock.getProtocol(), sock.encrypted, sock.servername);
  sock.on('data', (d) => { console.log('server data', d.toString()); sock.end('echo:' + d); });
  sock.on('end', () => console.log('server end'));
  sock.on('close', () => { console.log('server socket close'); server.close(() => console.log('server closed')); });
});
server.on('connection', (raw) => console.log('server tcp connection', raw.constructor.name));
server.listen(0, () => {
  const c = tls.connect({ port: server.address().port, host: 'localhost', ca: CERT }, () => {
    console.log('client secureConnect', c.authorized, c.authorizationError, c.getProtocol(), c.getPeerCertificate().subject.CN);
    c.write('hi');
  });
  c.on('connect', () => console.log('client connect'));
  c.on('session', (s) => console.log('client session', Buffer.isBuffer(s)));
  c.setEncoding('utf8');
  c.on('data', (d) => console.log('client data', d));
  c.on('end', () => console.log('client end'));
  c.on('close', () => console.log('client close'));
});
