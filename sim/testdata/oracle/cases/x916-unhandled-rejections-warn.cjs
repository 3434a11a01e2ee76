// @node-flags: --unhandled-rejections=warn
// With --unhandled-rejections=warn an unhandled rejection only prints a
// warning (stderr); everything else keeps running and the exit code is 0.
process.on('exit', (code) => console.log('exit ' + code));
Promise.reject(new Error('only a warning'));
process.nextTick(() => console.log('nextTick'));
setImmediate(() => console.log('setImmediate'));
setTimeout(() => console.log('setTimeout 50'), 50);
console.log('sync end');
