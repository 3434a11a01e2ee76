// destroy(err): 'error' then 'close' from one nextTick.
const { Readable } = stream;
const r = new Readable({ read() {} });
r.on('error', (e) => console.log('error event', e.message, 'errored', r.errored === e));
r.on('close', () => console.log('close event'));
process.nextTick(() => console.log('nextTick queued before destroy'));
r.destroy(new Error('boom'));
console.log('after destroy', r.destroyed, r.errored && r.errored.message);
process.nextTick(() => console.log('nextTick queued after destroy'));
Promise.resolve().then(() => console.log('promise'));
console.log('push after destroy ->', r.push('x'));
