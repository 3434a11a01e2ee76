// worker_threads on the main thread: its identity, environment data, transfer marks and
// a message read synchronously with receiveMessageOnPort.
const wt = require('worker_threads');
console.log(wt.isMainThread, wt.threadId, wt.parentPort, wt.workerData, typeof wt.resourceLimits, typeof wt.SHARE_ENV);
wt.setEnvironmentData('k', { v: 1 });
console.log(wt.getEnvironmentData('k'));
const ab = new ArrayBuffer(4);
wt.markAsUntransferable(ab);
console.log(wt.isMarkedAsUntransferable(ab), wt.isMarkedAsUntransferable(new ArrayBuffer(1)));
const { port1, port2 } = new wt.MessageChannel();
port1.postMessage({ hello: 'sync' });
console.log(wt.receiveMessageOnPort(port2), wt.receiveMessageOnPort(port2));
port1.close();
const obj = { a: 1 };
wt.markAsUncloneable(obj);
try { structuredClone(obj); } catch (e) { console.log(e.name); }
console.log(typeof wt.locks.request);
