// A CPU-heavy loop in a worker leaves the main thread's timers on time.
const { Worker } = require('worker_threads');
const w = new Worker(`
  const { parentPort } = require('worker_threads');
  let x = 0;
  for (let i = 0; i < 3e7; i++) x += i % 7;
  parentPort.postMessage(x);
`, { eval: true });
let ticks = 0;
const id = setInterval(() => { ticks++; }, 10);
w.on('message', (x) => { clearInterval(id); console.log('result', x, 'main kept ticking:', ticks > 0); });
