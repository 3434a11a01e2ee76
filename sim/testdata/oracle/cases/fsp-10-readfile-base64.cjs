// Encodings: write utf8, read as base64 and hex.
const fs = require('fs/promises');
(async () => {
  await fs.writeFile('fsp-10.tmp', 'Hi!');
  console.log(await fs.readFile('fsp-10.tmp', 'base64'));
  console.log(await fs.readFile('fsp-10.tmp', { encoding: 'hex' }));
  const buf = await fs.readFile('fsp-10.tmp');
  console.log(Buffer.isBuffer(buf), buf.length);
  await fs.unlink('fsp-10.tmp');
})();
