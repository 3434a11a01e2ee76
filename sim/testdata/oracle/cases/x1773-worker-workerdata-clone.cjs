// workerData is a clone: the worker's changes do not reach the parent's object.
const { Worker } = require('worker_threads');
const data = { list: [1, 2], when: new Date(1000) };
const w = new Worker(`
  const { workerData, parentPort } = require('worker_threads');
  workerData.list.push(3);
  parentPort.postMessage([workerData.list, workerData.when instanceof Date]);
`, { eval: true, workerData: data });
w.on('message', (m) => console.log('worker', m, 'parent', data.list));
