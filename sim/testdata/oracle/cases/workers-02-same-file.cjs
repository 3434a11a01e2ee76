// One file acting as main and worker with isMainThread.
const { Worker, isMainThread, parentPort, threadId } = require('worker_threads');
if (isMainThread) {
  const w = new Worker(__filename);
  w.on('message', (m) => console.log('main got:', m));
  w.on('exit', () => console.log('worker exited'));
  console.log('main thread id', threadId);
} else {
  parentPort.postMessage('hello from thread ' + threadId);
}
