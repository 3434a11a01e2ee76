// Data sent to a worker is cloned: Map, Date and nested objects survive; functions do not.
const { Worker } = require('worker_threads');
const w = new Worker(`
  const { parentPort, workerData } = require('worker_threads');
  parentPort.postMessage([workerData.m instanceof Map, workerData.m.get('k'), workerData.d instanceof Date, workerData.o.a.b]);
`, { eval: true, workerData: { m: new Map([['k', 'v']]), d: new Date(0), o: { a: { b: 1 } } } });
w.on('message', (m) => console.log(m));
try {
  new MessageChannel().port1.postMessage(() => {});
} catch (e) {
  console.log(e.name);
}
