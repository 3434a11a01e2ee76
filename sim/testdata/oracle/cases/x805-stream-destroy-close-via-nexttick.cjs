// A stream without a native handle emits 'close' from a process.nextTick
// scheduled during destroy(): after the synchronous code, before a tick
// queued after destroy(), and before promise jobs.
const { Readable } = require('stream');
const r = new Readable({ read() {} });
r.on('close', () => console.log('close event'));
Promise.resolve().then(() => console.log('promise'));
r.destroy();
console.log('after destroy (sync), destroyed=' + r.destroyed);
process.nextTick(() => console.log('nextTick queued after destroy'));
