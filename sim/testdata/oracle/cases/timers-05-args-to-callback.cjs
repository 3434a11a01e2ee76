// setTimeout and setImmediate pass extra arguments to the callback.
setTimeout((a, b) => console.log('timeout got', a, b), 10, 'x', 42);
setImmediate((...args) => console.log('immediate got', args.length, args.join('+')), 1, 2, 3);
