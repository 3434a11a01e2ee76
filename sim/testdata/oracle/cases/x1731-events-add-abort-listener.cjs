// events.addAbortListener: once on abort; an already-aborted signal calls it from a microtask.
const { addAbortListener } = require('events');
const ac = new AbortController();
const d = addAbortListener(ac.signal, (e) => console.log('abort listener', e.type));
console.log(typeof d[Symbol.dispose]);
ac.abort();
addAbortListener(AbortSignal.abort(), (e) => console.log('already aborted, event:', e && e.type));
Promise.resolve().then(() => console.log('microtask queued before'));
console.log('sync end');
