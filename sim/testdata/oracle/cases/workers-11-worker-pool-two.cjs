// Two workers computing in parallel; the results are printed in job order.
const { Worker } = require('worker_threads');
const code = `
  const { parentPort, workerData } = require('worker_threads');
  let s = 0; for (let i = 1; i <= workerData; i++) s += i;
  parentPort.postMessage(s);
`;
const run = (n) => new Promise((resolve, reject) => {
  const w = new Worker(code, { eval: true, workerData: n });
  w.once('message', resolve);
  w.once('error', reject);
});
Promise.all([run(10), run(100)]).then((r) => console.log('sums', r));
