// @node-flags: --unhandled-rejections=warn
// With --unhandled-rejections=warn an unhandled rejection only prints a
// warning (stderr); everything else keeps running and the exit code is 0.
// The timer is 200 ms away: printing the warning delayed a loaded machine
// (load 14-18) past a 50 ms timer in 7-15% of runs.
process.on('exit', (code) => console.log('exit ' + code));
Promise.reject(new Error('only a warning'));
process.nextTick(() => console.log('nextTick'));
setImmediate(() => console.log('setImmediate'));
setTimeout(() => console.log('setTimeout 200'), 200);
console.log('sync end');
