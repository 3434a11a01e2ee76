// A PassThrough's event order when written and read.
const { PassThrough } = require('stream');
const p = new PassThrough();
for (const ev of ['data', 'end', 'finish', 'close']) p.on(ev, (x) => console.log(ev, x !== undefined ? String(x) : ''));
p.write('hello');
p.end();
console.log('sync end');
