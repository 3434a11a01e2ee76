// A top-level await on a promise that never settles: the loop empties and Node exits with code 13.
process.on('exit', (code) => console.log('exit code', code));
console.log('waiting');
await new Promise(() => {});
console.log('not reached');
