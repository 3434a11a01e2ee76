// The all-queues snippet as an ES module, with a 20 ms margin before the I/O part.
import fs from 'node:fs';
console.log('sync 1');
setTimeout(() => console.log('timeout 0'), 0);
setImmediate(() => console.log('immediate'));
process.nextTick(() => console.log('nextTick'));
Promise.resolve().then(() => console.log('promise'));
setTimeout(() => {
  fs.stat('.', () => {
    setTimeout(() => console.log('io: timeout'), 0);
    setImmediate(() => console.log('io: immediate'));
  });
}, 20);
console.log('sync 2');
