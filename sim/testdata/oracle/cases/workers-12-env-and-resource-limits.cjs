// A worker's threadId and isMainThread, and the main thread's view.
const { Worker, isMainThread, threadId } = require('worker_threads');
console.log('main', isMainThread, threadId);
const w = new Worker(`
  const { isMainThread, threadId, parentPort } = require('worker_threads');
  parentPort.postMessage([isMainThread, threadId]);
`, { eval: true });
w.on('message', (m) => console.log('worker', m[0], m[1] === w.threadId));
w.on('exit', () => console.log('after exit threadId', w.threadId));
