// A ClientRequest's own events in Node's order: 'socket', 'finish', 'response', then
// the response's 'end' and the request's 'close'; the server sees 'connection' first.
const http = require('http');
const server = http.createServer((req, res) => {
  console.log('server request', req.method, req.url);
  res.end('hello');
});
server.on('connection', () => console.log('server connection'));
server.listen(0, () => {
  const req = http.request({ port: server.address().port, path: '/x' });
  req.on('socket', () => console.log('req socket'));
  req.on('finish', () => console.log('req finish'));
  req.on('response', (res) => {
    console.log('req response', res.statusCode);
    res.setEncoding('utf8');
    res.on('data', (d) => console.log('res data', d));
    res.on('end', () => console.log('res end'));
    res.on('close', () => console.log('res close'));
  });
  req.on('close', () => {
    console.log('req close');
    server.close(() => console.log('server closed'));
  });
  req.end();
});
