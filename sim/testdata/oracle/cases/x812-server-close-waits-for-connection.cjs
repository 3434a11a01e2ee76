// net.Server#close() stops accepting immediately but 'close' is emitted
// only after the last connection has closed: here the server-side socket is
// destroyed 20 ms after close() was called.
const net = require('net');
const server = net.createServer((sock) => {
  console.log('server: connection');
  server.close(() => console.log('server close callback'));
  console.log('server: close() called');
  setTimeout(() => {
    console.log('destroying the last connection');
    sock.destroy();
  }, 20);
});
server.listen(0, '127.0.0.1', () => {
  const client = net.connect(server.address().port, '127.0.0.1');
  client.on('error', () => {});
  client.on('close', () => console.log('client: close'));
});
