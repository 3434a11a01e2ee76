// createReadStream honours highWaterMark (bytes a read), start and end (inclusive) and
// encoding; bytesRead counts what was read; the events still run open, ready, data...,
// end, close.
const fs = require('fs');
const f = 'x1503.tmp';
fs.writeFileSync(f, 'abcdefghijklmnopqrstuvwxyz');
const chunks = [];
const rs = fs.createReadStream(f, { highWaterMark: 5 });
rs.on('open', (fd) => console.log('open', typeof fd));
rs.on('ready', () => console.log('ready'));
rs.on('data', (c) => chunks.push(c.toString()));
rs.on('end', () => console.log('end', chunks.join('|'), rs.bytesRead));
rs.on('close', () => {
  console.log('close');
  const part = [];
  fs.createReadStream(f, { start: 3, end: 12, highWaterMark: 4, encoding: 'utf8' })
    .on('data', (c) => part.push(c))
    .on('end', () => console.log('range', part, typeof part[0]))
    .on('close', () => {
      fs.createReadStream(f, { start: 24 }).on('data', (c) => console.log('tail', c.toString())).on('close', () => {
        fs.createReadStream('x1503-missing.tmp').on('error', (e) => { console.log('error', e.code, e.syscall); fs.unlinkSync(f); });
      });
    });
});
