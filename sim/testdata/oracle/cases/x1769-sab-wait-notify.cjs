// Atomics.wait blocks a worker until the main thread's Atomics.notify.
const { Worker } = require('worker_threads');
const sab = new SharedArrayBuffer(4);
const flag = new Int32Array(sab);
const w = new Worker(`
  const { workerData, parentPort } = require('worker_threads');
  const f = new Int32Array(workerData);
  parentPort.postMessage('waiting');
  const r = Atomics.wait(f, 0, 0);
  parentPort.postMessage('woke ' + r + ' with ' + Atomics.load(f, 0));
`, { eval: true, workerData: sab });
w.on('message', (m) => {
  console.log(m);
  if (m === 'waiting') setTimeout(() => { Atomics.store(flag, 0, 5); Atomics.notify(flag, 0); }, 50);
});
console.log('wait on main, value differs:', Atomics.wait(flag, 0, 1));
