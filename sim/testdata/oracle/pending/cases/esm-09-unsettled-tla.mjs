// A top-level await that never settles: the process ends when the loop is empty.
process.on('exit', (c) => console.log('exit', c));
console.log('waiting forever');
await new Promise(() => {});
console.log('never');
