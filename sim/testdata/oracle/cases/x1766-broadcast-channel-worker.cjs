// A BroadcastChannel connects the main thread and a worker.
const { Worker, BroadcastChannel } = require('worker_threads');
const bc = new BroadcastChannel('jobs');
bc.onmessage = (e) => {
  console.log('main got', e.data);
  bc.close();
};
new Worker(`
  const { BroadcastChannel } = require('worker_threads');
  const bc = new BroadcastChannel('jobs');
  bc.postMessage({ done: 3 });
  bc.close();
`, { eval: true });
