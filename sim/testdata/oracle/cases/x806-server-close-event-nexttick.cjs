// net.Server#close() on a server without connections: the listening handle
// is closed and 'close' (plus the close() callback) is emitted via
// process.nextTick - before promise jobs and before setImmediate.
const net = require('net');
const server = net.createServer();
server.listen(0, '127.0.0.1', () => {
  console.log('listening');
  server.on('close', () => console.log('server close event'));
  setImmediate(() => console.log('setImmediate'));
  Promise.resolve().then(() => console.log('promise'));
  server.close(() => console.log('close() callback'));
  console.log('close() returned, listening=' + server.listening);
});
