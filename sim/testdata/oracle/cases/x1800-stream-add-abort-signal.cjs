// stream.addAbortSignal: aborting destroys the stream with an AbortError whose cause is
// the reason; an already aborted signal destroys it at once.
const { Readable, addAbortSignal } = require('stream');
const ac = new AbortController();
const r = addAbortSignal(ac.signal, new Readable({ read() {} }));
r.on('error', (e) => console.log('error', e.name, e.code, e.message, e.cause));
r.on('close', () => console.log('close', r.destroyed));
setTimeout(() => ac.abort('enough'), 10);
const r2 = addAbortSignal(AbortSignal.abort(), new Readable({ read() {} }));
console.log('r2 destroyed', r2.destroyed);
r2.on('error', (e) => console.log('r2 error', e.name, e.cause.name));
try { addAbortSignal('x', r); } catch (e) { console.log(e.code); }
