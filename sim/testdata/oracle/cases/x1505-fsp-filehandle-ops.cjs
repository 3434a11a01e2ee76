// fs/promises: a FileHandle (write, read at a position, stat, truncate, readFile,
// close), mkdtemp's name, cp of a tree, opendir's iteration, rm with and without force.
const fsp = require('fs/promises');
const fs = require('fs');
(async () => {
  const fh = await fsp.open('x1505.tmp', 'w+');
  console.log(typeof fh.fd);
  console.log((await fh.write('hello world')).bytesWritten);
  const { bytesRead, buffer } = await fh.read(Buffer.alloc(5), 0, 5, 6);
  console.log(bytesRead, buffer.toString());
  console.log((await fh.stat()).size);
  await fh.truncate(5);
  console.log(await fsp.readFile('x1505.tmp', 'utf8'));
  await fh.close();
  await fsp.unlink('x1505.tmp');
  const tmp = await fsp.mkdtemp('x1505-');
  console.log(tmp.length, tmp.startsWith('x1505-'), (await fsp.stat(tmp)).isDirectory());
  await fsp.mkdir(tmp + '/in/deep', { recursive: true });
  await fsp.writeFile(tmp + '/in/deep/f.txt', 'F');
  await fsp.cp(tmp + '/in', tmp + '/copy', { recursive: true });
  console.log(await fsp.readFile(tmp + '/copy/deep/f.txt', 'utf8'));
  const dir = await fsp.opendir(tmp);
  const names = [];
  for (let e = await dir.read(); e !== null; e = await dir.read()) names.push(e.name + (e.isDirectory() ? '/' : ''));
  await dir.close();
  console.log(names.sort());
  await fsp.access(tmp + '/nope').catch((e) => console.log('access', e.code, e.syscall));
  await fsp.rm(tmp + '/nope', { force: true });
  await fsp.rm(tmp + '/nope').catch((e) => console.log('rm', e.code, e.syscall));
  await fsp.rm(tmp, { recursive: true });
  console.log('exists', fs.existsSync(tmp));
})();
