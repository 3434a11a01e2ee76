// process.stdout.write is bytes, not lines: a write without a newline leaves the line
// open, the next write (or console.log) continues it; piped chunks join the same way.
const { Readable } = require('stream');
process.stdout.write('a');
process.stdout.write('b\nc');
console.log('-log');
process.stdout.write('x\ny\n');
const r = Readable.from(['part1,', 'part2']);
r.pipe(process.stdout);
r.on('end', () => setTimeout(() => console.log(' <- joined'), 10));
