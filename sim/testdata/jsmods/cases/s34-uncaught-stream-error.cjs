// A stream error with no 'error' listener crashes the process (exit 1)
// from the tick that emits it; 'close' is never emitted.
const { Readable } = stream;
const r = new Readable({ read() {} });
r.on('close', () => console.log('close (never)'));
r.destroy(new Error('unhandled stream error'));
console.log('after destroy');
process.nextTick(() => console.log('tick (never)'));
