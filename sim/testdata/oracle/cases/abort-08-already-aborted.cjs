// AbortSignal.abort() is aborted from the start; listeners added later never fire.
const s = AbortSignal.abort('ready-made');
console.log(s.aborted, s.reason);
s.addEventListener('abort', () => console.log('never'));
setTimeout(() => console.log('end'), 10);
