// A rejection handler attached from a timer callback is too late: the
// rejection is raised as an uncaught exception at the end of the main
// script's drain, before the timer runs. Exit code 1.
process.on('exit', (code) => console.log('exit ' + code));
const p = Promise.reject(new Error('late'));
setTimeout(() => {
  console.log('timer attaches handler (never)');
  p.catch(() => {});
}, 1);
console.log('main done');
