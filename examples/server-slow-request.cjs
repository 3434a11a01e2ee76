// The seed's blocked-loop measurement: /fast answers at once, /slow burns 200 ms of CPU.
// Run with: looplab sim --json --scenario examples/server-slow-request.json examples/server-slow-request.cjs
const http = require('http');
http.createServer((req, res) => {
  if (req.url === '/slow') busy(200);
  res.end('ok');
}).listen(3000);
