// With an 'uncaughtException' listener, a throw inside a nextTick callback of
// the main script's drain is reported, and the process continues (exit 0).
// The ticks/microtasks left behind run at the next callback-scope close: here
// the start of the first check phase (Node's native-immediate scope), i.e.
// before the first setImmediate callback. Compare x923 (a due timer first).
// The timer is 200 ms away: at 20 ms, a loaded machine (load 12-21) reached
// the loop after it was due in 8-30% of runs, and the timer closed the scope.
process.on('uncaughtException', (err) => console.log('uncaughtException: ' + err.message));
process.on('exit', (code) => console.log('exit ' + code));
process.nextTick(() => {
  console.log('tick 1 throws');
  throw new Error('tick 1 failed');
});
process.nextTick(() => console.log('tick 2'));
Promise.resolve().then(() => console.log('promise'));
setImmediate(() => console.log('immediate'));
setTimeout(() => console.log('timer 200'), 200);
