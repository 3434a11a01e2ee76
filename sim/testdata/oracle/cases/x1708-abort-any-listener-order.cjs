// The source's listeners run before the combined signal's.
const a = new AbortController();
const any = AbortSignal.any([a.signal, AbortSignal.timeout(1000)]);
any.addEventListener('abort', () => console.log('any listener, reason', any.reason));
a.signal.addEventListener('abort', () => console.log('source listener'));
a.abort('go');
console.log('after abort');
