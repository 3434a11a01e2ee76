// Messages both ways: the main thread sends numbers, the worker answers with squares, then the main terminates it.
const { Worker } = require('worker_threads');
const w = new Worker(`
  const { parentPort } = require('worker_threads');
  parentPort.on('message', (n) => parentPort.postMessage(n * n));
`, { eval: true });
let got = 0;
w.on('message', (sq) => {
  console.log('square', sq);
  if (++got === 3) w.terminate();
});
w.on('exit', (code) => console.log('exit code', code));
[2, 3, 4].forEach((n) => w.postMessage(n));
