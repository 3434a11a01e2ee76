// mkdir, writeFile, readdir with file types, rm: all awaited.
const fs = require('fs/promises');
(async () => {
  await fs.mkdir('fsp-04-dir/sub', { recursive: true });
  await fs.writeFile('fsp-04-dir/file.txt', 'x');
  const entries = await fs.readdir('fsp-04-dir', { withFileTypes: true });
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) console.log(e.name, e.isDirectory());
  await fs.rm('fsp-04-dir', { recursive: true });
  console.log('cleaned');
})();
