// A router with a 404 for unknown paths; two requests one after the other.
const http = require('http');
const server = http.createServer((req, res) => {
  if (req.url === '/') { res.end('home'); return; }
  res.statusCode = 404;
  res.end('not found: ' + req.url);
});
function get(port, path) {
  return new Promise((resolve) => http.get({ port, path }, (res) => {
    let b = '';
    res.on('data', (c) => (b += c));
    res.on('end', () => resolve(res.statusCode + ' ' + b));
  }));
}
server.listen(0, async () => {
  const port = server.address().port;
  console.log(await get(port, '/'));
  console.log(await get(port, '/missing'));
  server.close();
});
