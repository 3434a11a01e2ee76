// A timeout signal aborts with a DOMException named TimeoutError (code 23).
const s = AbortSignal.timeout(10);
console.log('reason before', s.reason);
s.onabort = () => console.log('aborted', s.reason.name, s.reason.code, s.reason.message);
setTimeout(() => console.log('done'), 40);
