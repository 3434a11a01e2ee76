// AbortSignal.timeout aborts after the delay with a TimeoutError.
const s = AbortSignal.timeout(20);
s.addEventListener('abort', () => console.log('aborted:', s.reason.name));
setTimeout(() => console.log('timer 40, aborted =', s.aborted), 40);
console.log('aborted now?', s.aborted);
