// A MessagePort is an EventTarget: addEventListener gets a MessageEvent, on() the data.
const { MessageChannel } = require('worker_threads');
const { port1, port2 } = new MessageChannel();
console.log(port1 instanceof EventTarget);
port2.addEventListener('message', (e) => console.log('event', e.constructor.name, e.data, e.target === port2));
port2.on('message', (data) => console.log('data', data));
port1.postMessage({ k: 1 });
setTimeout(() => port2.close(), 20);
