// 'beforeExit' and 'exit' receive process.exitCode as their argument; the
// process exits with it (7).
process.exitCode = 7;
process.on('beforeExit', (code) => console.log('beforeExit ' + code));
process.on('exit', (code) => console.log('exit ' + code));
console.log('main done');
