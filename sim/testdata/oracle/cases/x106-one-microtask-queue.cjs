// Promise reactions, await resumptions and queueMicrotask callbacks share ONE
// FIFO queue (V8's): they run strictly in the order they were queued.
const p = Promise.resolve();
queueMicrotask(() => console.log('queueMicrotask A'));
p.then(() => console.log('then B'));
(async () => {
  await undefined;
  console.log('await resumption C');
})();
queueMicrotask(() => console.log('queueMicrotask D'));
p.then(() => console.log('then E'));
console.log('sync');
