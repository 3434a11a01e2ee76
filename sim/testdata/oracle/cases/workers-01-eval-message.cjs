// A worker from code (eval: true) posts a message back; the main thread prints it and the exit code.
const { Worker } = require('worker_threads');
const w = new Worker(`
  const { parentPort, workerData } = require('worker_threads');
  parentPort.postMessage(workerData.n * 2);
`, { eval: true, workerData: { n: 21 } });
w.on('message', (m) => console.log('message', m));
w.on('exit', (code) => console.log('exit', code));
