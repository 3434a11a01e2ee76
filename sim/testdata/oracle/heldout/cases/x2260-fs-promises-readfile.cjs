const fsp = require('fs/promises');
fsp.readFile(__filename).then(() => console.log('read done'));
setImmediate(() => console.log('immediate'));
process.nextTick(() => console.log('tick'));
