// AbortSignal.abort() is aborted from the start; its listeners never fire.
const s = AbortSignal.abort();
console.log(s.aborted, s.reason.name);
s.addEventListener('abort', () => console.log('never'));
const t = AbortSignal.abort(42);
console.log(t.reason);
try { new AbortSignal(); } catch (e) { console.log(e.name, e.code); }
