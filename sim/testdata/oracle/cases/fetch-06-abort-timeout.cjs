// AbortSignal.timeout cancels a slow fetch.
const http = require('http');
const server = http.createServer((req, res) => setTimeout(() => res.end('late'), 200));
server.listen(0, async () => {
  try {
    await fetch(`http://127.0.0.1:${server.address().port}/`, { signal: AbortSignal.timeout(30) });
  } catch (err) {
    console.log(err.name, err.message);
  }
  server.closeAllConnections();
  server.close(() => console.log('closed'));
});
