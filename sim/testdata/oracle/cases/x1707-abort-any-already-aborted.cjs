// AbortSignal.any with an already-aborted signal is aborted at once with its reason.
const a = new AbortController();
const b = AbortSignal.abort('b was first');
const any = AbortSignal.any([a.signal, b]);
console.log(any.aborted, any.reason);
a.abort('later');
console.log(any.reason);
