// Two requests in parallel: the fast route answers first.
const http = require('http');
const server = http.createServer((req, res) => {
  const delay = req.url === '/slow' ? 60 : 10;
  setTimeout(() => res.end(req.url), delay);
});
server.listen(0, () => {
  const port = server.address().port;
  let left = 2;
  for (const path of ['/slow', '/fast']) {
    http.get({ port, path }, (res) => {
      let b = '';
      res.on('data', (c) => (b += c));
      res.on('end', () => { console.log('answer', b); if (--left === 0) server.close(); });
    });
  }
});
