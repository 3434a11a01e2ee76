// Phase order inside one iteration after a poll callback: check (setImmediate)
// then close callbacks (net.Socket 'close' comes from the uv_close callback)
// then timers (setTimeout 0).
const net = require('net');
const server = net.createServer((s) => s.on('error', () => {}));
server.listen(0, '127.0.0.1', () => {
  const client = net.connect(server.address().port, '127.0.0.1', () => {
    client.on('close', () => {
      console.log('socket close event (close phase)');
      server.close();
    });
    setTimeout(() => console.log('setTimeout 0 (timers)'), 0);
    setImmediate(() => console.log('setImmediate (check)'));
    client.destroy();
    console.log('connect callback done (poll)');
  });
});
