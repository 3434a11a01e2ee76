setTimeout(() => { console.log(new Error('timeout').stack) }, 1);
setTimeout(function named() { console.log(new Error('named timeout').stack) }, 2);
setImmediate(() => { console.log(new Error('immediate').stack) });
process.nextTick(() => { console.log(new Error('tick').stack) });
queueMicrotask(() => { console.log(new Error('microtask').stack) });
setInterval(function tick() { console.log(new Error('interval').stack); clearInterval(this) }, 50);
