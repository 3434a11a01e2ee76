// A worker that listens with parentPort.once('message') answers once, and then nothing
// keeps its loop alive: the listener is gone, the port is unref'd, the worker exits with
// code 0 and so does the program. The same for a MessageChannel port with once().
const { Worker, isMainThread, parentPort, workerData, MessageChannel } = require('worker_threads');
if (isMainThread) {
  const w = new Worker(__filename, { workerData: { n: 10 } });
  w.on('message', (m) => console.log('from worker', m));
  w.on('exit', (code) => console.log('worker exit', code, '; port2 refs the loop:', port2.hasRef()));
  w.postMessage('hi');
  const { port1, port2 } = new MessageChannel();
  port2.once('message', (m) => console.log('port2 got', m, port2.hasRef()));
  port1.postMessage('x');
} else {
  parentPort.once('message', (m) => {
    let sum = 0;
    for (let i = 1; i <= workerData.n; i++) sum += i;
    parentPort.postMessage({ got: m, sum });
  });
}
