// A MessageChannel: a message posted on one port arrives on the other.
const { MessageChannel } = require('worker_threads');
const { port1, port2 } = new MessageChannel();
port2.on('message', (m) => { console.log('port2 got', m); port2.close(); });
port2.on('close', () => console.log('port2 closed'));
port1.postMessage({ hello: 'there' });
console.log('posted');
