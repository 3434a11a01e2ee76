// port.close() closes both ends: 'close' on this port, then on its peer one iteration later.
const { MessageChannel } = require('worker_threads');
const { port1, port2 } = new MessageChannel();
port1.on('close', () => console.log('port1 close'));
port2.on('close', () => console.log('port2 close'));
setTimeout(() => {
  port1.close();
  console.log('closed');
  setImmediate(() => {
    console.log('immediate 1');
    setImmediate(() => console.log('immediate 2'));
  });
}, 10);
