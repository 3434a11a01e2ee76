// Top-level await of a plain value: the rest of the body resumes as a
// microtask (1 tick) behind the promise job queued before the await; code
// after the await still runs inside the microtask drain, so its promise job
// runs before both ticks.
console.log('before await');
process.nextTick(() => console.log('tick 1'));
Promise.resolve().then(() => console.log('promise 1'));
await null;
console.log('after await');
process.nextTick(() => console.log('tick 2'));
Promise.resolve().then(() => console.log('promise 2'));
