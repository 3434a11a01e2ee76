// An Agent with keepAlive and one socket: the second request reuses the first one's
// connection (one 'connection' on the server, reusedSocket on the second request).
const http = require('http');
let connections = 0;
const server = http.createServer((req, res) => res.end(req.url));
server.on('connection', () => connections++);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(path) {
  return new Promise((resolve) => {
    const req = http.get({ port: server.address().port, path, agent }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve([body, req.reusedSocket]));
    });
  });
}
server.listen(0, async () => {
  console.log(await get('/a'));
  console.log(await get('/b'));
  console.log('connections', connections);
  console.log(agent instanceof http.Agent, typeof http.globalAgent, agent.keepAlive);
  agent.destroy();
  server.close(() => console.log('closed'));
});
