// A file read takes a trip through the thread pool: setImmediate and a short timer come first.
const fs = require('fs');
fs.readFile(__filename, () => console.log('readFile done'));
setImmediate(() => console.log('immediate'));
process.nextTick(() => console.log('nextTick'));
console.log('sync');
