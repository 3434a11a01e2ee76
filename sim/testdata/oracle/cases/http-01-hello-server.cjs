// A hello-world server on a free port, one GET with http.get, then close.
const http = require('http');
const server = http.createServer((req, res) => {
  console.log('server got', req.method, req.url);
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  res.end('hello');
});
server.listen(0, () => {
  const { port } = server.address();
  http.get({ port, path: '/hi' }, (res) => {
    console.log('status', res.statusCode, res.headers['content-type']);
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (c) => (body += c));
    res.on('end', () => {
      console.log('body', body);
      server.close(() => console.log('server closed'));
    });
  });
});
