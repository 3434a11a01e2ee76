// A FileHandle is an EventEmitter: 'close' is emitted as close() starts.
const fsp = require('fs/promises');
(async () => {
  const fh = await fsp.open('x2704.tmp', 'w');
  console.log(typeof fh.on, typeof fh.once);
  fh.on('close', () => console.log('close event'));
  await fh.writeFile('data');
  const p = fh.close();
  console.log('close called');
  await p;
  console.log('closed');
  await fsp.unlink('x2704.tmp');
})();
