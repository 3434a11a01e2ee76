// req.destroy() inside the response's first 'data': the response closes without an
// error (it has no 'error' listener) and the program exits 0.
const http = require('http');
// The server never ends its response: only the client's destroy() ends the exchange.
const server = http.createServer((req, res) => {
  res.write('x'.repeat(1000));
  res.on('close', () => console.log('server res close', res.writableEnded));
});
server.listen(0, () => {
  const req = http.get({ port: server.address().port }, (res) => {
    console.log('status', res.statusCode);
    res.once('data', (d) => { console.log('first data', d.length); req.destroy(); });
    res.on('end', () => console.log('end'));
    res.on('close', () => { console.log('res close', res.aborted, res.complete); server.close(); });
  });
  req.on('error', (e) => console.log('req error', e.message));
  req.on('close', () => console.log('req close'));
});
