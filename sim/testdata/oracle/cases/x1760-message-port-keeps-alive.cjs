// A port with a 'message' listener keeps the process alive until it is closed.
const { MessageChannel } = require('worker_threads');
const { port1, port2 } = new MessageChannel();
let n = 0;
port2.on('message', (m) => {
  console.log('got', m);
  if (++n === 3) port2.close();
});
setTimeout(() => port1.postMessage('a'), 10);
setTimeout(() => port1.postMessage('b'), 30);
setTimeout(() => port1.postMessage('c'), 60);
process.on('exit', () => console.log('exit'));
