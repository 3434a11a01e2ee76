// AbortSignal.any follows whichever of its signals aborts first.
const a = new AbortController();
const b = new AbortController();
const any = AbortSignal.any([a.signal, b.signal]);
any.onabort = () => console.log('any aborted with', any.reason);
setTimeout(() => b.abort('b first'), 10);
setTimeout(() => a.abort('a second'), 30);
