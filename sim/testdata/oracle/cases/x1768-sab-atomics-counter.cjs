// Two workers add to one SharedArrayBuffer counter with Atomics.add.
const { Worker } = require('worker_threads');
const sab = new SharedArrayBuffer(4);
const counter = new Int32Array(sab);
const code = `
  const { workerData, parentPort } = require('worker_threads');
  const c = new Int32Array(workerData);
  for (let i = 0; i < 500; i++) Atomics.add(c, 0, 1);
  parentPort.postMessage('done');
`;
let done = 0;
for (let i = 0; i < 2; i++) {
  const w = new Worker(code, { eval: true, workerData: sab });
  w.on('message', () => { if (++done === 2) console.log('counter', Atomics.load(counter, 0)); });
}
