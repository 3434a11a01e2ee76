// readline over a file's ReadStream: 'line' for each line (\n, \r\n, an empty line,
// a last line without a newline), then 'pause' and 'close'; the async iterator gives
// the same lines; a setImmediate queued at the start runs before the first line.
const fs = require('fs');
const readline = require('readline');
fs.writeFileSync('x1580.txt', 'one\ntwo\r\n\nthree');
const rl = readline.createInterface({ input: fs.createReadStream('x1580.txt'), crlfDelay: Infinity });
rl.on('line', (l) => console.log('line', JSON.stringify(l)));
rl.on('pause', () => console.log('pause'));
rl.on('close', () => {
  console.log('close');
  (async () => {
    const r2 = readline.createInterface({ input: fs.createReadStream('x1580.txt') });
    const it = r2[Symbol.asyncIterator]();
    const lines = [];
    for (let r = await it.next(); !r.done; r = await it.next()) lines.push(r.value);
    console.log('lines', lines);
    fs.unlinkSync('x1580.txt');
  })();
});
setImmediate(() => console.log('immediate'));
console.log(typeof rl.close, rl.terminal, JSON.stringify(rl.line), typeof readline.Interface, typeof readline.promises.createInterface);
