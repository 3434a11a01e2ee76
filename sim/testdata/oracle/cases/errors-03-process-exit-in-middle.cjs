// process.exit stops at once: pending timers, ticks and promises are dropped.
setTimeout(() => console.log('timer'), 0);
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
process.on('exit', (c) => console.log('exit', c));
console.log('before exit');
process.exit(2);
console.log('after exit');
