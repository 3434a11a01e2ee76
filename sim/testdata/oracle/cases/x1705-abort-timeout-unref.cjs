// AbortSignal.timeout's timer does not keep the process alive.
const s = AbortSignal.timeout(500);
s.addEventListener('abort', () => console.log('never printed'));
setTimeout(() => console.log('timer 10, aborted =', s.aborted), 10);
process.on('exit', () => console.log('exit, aborted =', s.aborted));
