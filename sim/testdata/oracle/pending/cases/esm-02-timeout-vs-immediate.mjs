// setTimeout 0 vs setImmediate at the top of an ES module.
setTimeout(() => console.log('timeout'), 0);
setImmediate(() => console.log('immediate'));
