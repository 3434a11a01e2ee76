// { ref: false } lets the process exit before the promise timer fires.
const { setTimeout: sleep } = require('timers/promises');
sleep(500, null, { ref: false }).then(() => console.log('never'));
setTimeout(() => console.log('ref timer 10'), 10);
process.on('exit', () => console.log('exit'));
