// Atomics.wait with a timeout returns 'timed-out'; the main thread's timers wait meanwhile.
const sab = new SharedArrayBuffer(4);
const a = new Int32Array(sab);
setTimeout(() => console.log('timer 10'), 10);
const t0 = Date.now();
console.log(Atomics.wait(a, 0, 0, 50), Date.now() - t0 >= 50);
