// terminate() stops an endless worker; the exit code is 1.
const { Worker } = require('worker_threads');
const w = new Worker(`setInterval(() => {}, 1000)`, { eval: true });
w.on('online', () => {
  console.log('online');
  w.terminate().then((code) => console.log('terminated with', code));
});
w.on('exit', (c) => console.log('exit event', c));
