// Messages wait in the port until it starts; receiveMessageOnPort takes them synchronously.
const { MessageChannel, receiveMessageOnPort } = require('worker_threads');
const { port1, port2 } = new MessageChannel();
port1.postMessage('one');
port1.postMessage({ two: 2 });
port1.postMessage('three');
console.log(receiveMessageOnPort(port2));
port2.on('message', (m) => { console.log('listener', m); port2.close(); });
console.log(receiveMessageOnPort(port2));
