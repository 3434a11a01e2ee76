// Top-level await: the module pauses at await; timers and promise jobs queued before it run first.
console.log('module start');
setTimeout(() => console.log('timer 0'), 0);
Promise.resolve().then(() => console.log('then before await'));
process.nextTick(() => console.log('nextTick'));
await new Promise((r) => setTimeout(r, 20));
console.log('after await');
await null;
console.log('after await null');
