// copyFile and rename through fs/promises.
const fs = require('fs/promises');
(async () => {
  await fs.writeFile('fsp-09-a.tmp', 'data');
  await fs.copyFile('fsp-09-a.tmp', 'fsp-09-b.tmp');
  await fs.rename('fsp-09-b.tmp', 'fsp-09-c.tmp');
  console.log(await fs.readFile('fsp-09-c.tmp', 'utf8'));
  await Promise.all([fs.unlink('fsp-09-a.tmp'), fs.unlink('fsp-09-c.tmp')]);
  console.log('done');
})();
