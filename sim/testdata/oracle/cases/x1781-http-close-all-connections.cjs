// server.close() waits for a kept-alive connection; closeAllConnections() ends it so
// the close callback runs.
const http = require('http');
const agent = new http.Agent({ keepAlive: true });
const server = http.createServer((req, res) => res.end('hi'));
server.listen(0, () => {
  http.get({ port: server.address().port, agent }, (res) => {
    res.resume();
    res.on('end', () => {
      console.log('response done');
      server.close(() => console.log('server closed'));
      setTimeout(() => {
        console.log('closing all');
        server.closeAllConnections();
      }, 50);
    });
  });
});
