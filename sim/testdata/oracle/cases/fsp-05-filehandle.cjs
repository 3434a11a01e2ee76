// A FileHandle: open, write, read back, close.
const fs = require('fs/promises');
(async () => {
  const fh = await fs.open('fsp-05.tmp', 'w+');
  await fh.write('0123456789');
  const buf = Buffer.alloc(4);
  const { bytesRead } = await fh.read(buf, 0, 4, 3);
  console.log(bytesRead, buf.toString());
  await fh.close();
  await fs.unlink('fsp-05.tmp');
  console.log('closed and removed');
})();
