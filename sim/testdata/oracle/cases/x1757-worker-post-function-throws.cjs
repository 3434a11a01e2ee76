// postMessage with a function throws DataCloneError synchronously; nothing is sent.
const { Worker } = require('worker_threads');
const w = new Worker(`require('worker_threads').parentPort.on('message', (m) => { console.log('worker got', m); process.exit(0); })`, { eval: true });
try {
  w.postMessage({ cb: () => {} });
} catch (e) {
  console.log('sync', e.name);
}
w.postMessage('plain');
w.on('exit', (c) => console.log('exit', c));
