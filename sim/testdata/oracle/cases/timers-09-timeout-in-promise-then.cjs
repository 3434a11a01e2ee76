// Microtasks run before any timer, even a 0 ms one scheduled first.
setTimeout(() => console.log('timeout 0'), 0);
Promise.resolve().then(() => console.log('then 1')).then(() => console.log('then 2'));
queueMicrotask(() => console.log('microtask'));
process.nextTick(() => console.log('nextTick'));
console.log('sync');
