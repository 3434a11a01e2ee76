// fs/promises with async/await: write, read, remove.
const fs = require('fs/promises');
(async () => {
  await fs.writeFile('fsp-01.tmp', 'promised text');
  const text = await fs.readFile('fsp-01.tmp', 'utf8');
  console.log('read', text);
  await fs.unlink('fsp-01.tmp');
  console.log('removed');
})();
console.log('started');
