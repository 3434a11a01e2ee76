// Messages between threads are structured clones: Map, Set, Date, BigInt, typed arrays.
const { Worker } = require('worker_threads');
const w = new Worker(`
  const { parentPort } = require('worker_threads');
  parentPort.on('message', (m) => {
    parentPort.postMessage({ kinds: [m.map instanceof Map, m.set instanceof Set, m.date instanceof Date, typeof m.big, m.bytes.constructor.name], sum: m.big + 1n });
    parentPort.close();
  });
`, { eval: true });
w.on('message', (m) => console.log(m));
w.on('exit', (c) => console.log('exit', c));
w.postMessage({ map: new Map([[1, 2]]), set: new Set([3]), date: new Date(0), big: 41n, bytes: new Uint8Array([1, 2]) });
