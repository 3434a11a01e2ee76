// An unref'd port does not keep the process alive: a message still queued is never delivered.
const { MessageChannel } = require('worker_threads');
const { port1, port2 } = new MessageChannel();
port2.on('message', (m) => console.log('never', m));
port2.unref();
console.log(port2.hasRef());
port1.postMessage('queued');
process.on('exit', () => console.log('exit without the message'));
