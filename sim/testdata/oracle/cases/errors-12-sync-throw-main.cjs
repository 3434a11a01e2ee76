// A throw in the main script: 'exit' fires with code 1, nothing scheduled runs.
process.on('exit', (c) => console.log('exit', c));
setTimeout(() => console.log('never'), 0);
console.log('start');
null.property;
