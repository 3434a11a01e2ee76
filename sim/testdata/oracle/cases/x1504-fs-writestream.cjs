// createWriteStream: open and ready after the open job, each write a pool job, the
// end callback then 'finish' then 'close'; bytesWritten; flags 'a' appends.
const fs = require('fs');
const f = 'x1504.tmp';
const ws = fs.createWriteStream(f);
ws.on('open', (fd) => console.log('open', typeof fd));
ws.on('ready', () => console.log('ready'));
console.log('write returns', ws.write('one\n'), ws.pending);
ws.write(Buffer.from('two\n'), () => console.log('second written'));
ws.end('three\n', () => console.log('end callback'));
ws.on('finish', () => console.log('finish', ws.bytesWritten));
ws.on('close', () => {
  console.log('close', JSON.stringify(fs.readFileSync(f, 'utf8')));
  const app = fs.createWriteStream(f, { flags: 'a' });
  app.end('four\n');
  app.on('close', () => {
    console.log('appended', JSON.stringify(fs.readFileSync(f, 'utf8')));
    fs.unlinkSync(f);
  });
});
