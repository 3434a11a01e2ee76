// A SharedArrayBuffer seen by both threads, updated with Atomics.
const { Worker } = require('worker_threads');
const sab = new SharedArrayBuffer(4);
const counter = new Int32Array(sab);
const w = new Worker(`
  const { workerData, parentPort } = require('worker_threads');
  const c = new Int32Array(workerData);
  for (let i = 0; i < 1000; i++) Atomics.add(c, 0, 1);
  parentPort.postMessage('done');
`, { eval: true, workerData: sab });
w.on('message', () => console.log('counter', Atomics.load(counter, 0)));
