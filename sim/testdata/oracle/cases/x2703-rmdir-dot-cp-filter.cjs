// rmdir('.') is EINVAL; cp honours its filter (sync, callback and promise forms).
const fs = require('fs');
try { fs.rmdirSync('.'); } catch (e) { console.log(e.code, e.syscall); }
if (!fs.cpSync) return console.log('no fs.cp in', process.version.split('.')[0]);
for (const d of ['x2703-src.tmp', 'x2703-dst1.tmp', 'x2703-dst2.tmp', 'x2703-dst3.tmp']) fs.rmSync(d, { recursive: true, force: true });
fs.mkdirSync('x2703-src.tmp/sub', { recursive: true });
fs.writeFileSync('x2703-src.tmp/a.txt', 'a');
fs.writeFileSync('x2703-src.tmp/b.log', 'b');
fs.writeFileSync('x2703-src.tmp/sub/c.txt', 'c');
fs.cpSync('x2703-src.tmp', 'x2703-dst1.tmp', { recursive: true, filter: (src) => !src.endsWith('.log') });
const list = (d) => fs.readdirSync(d, { recursive: true }).sort().join(' ');
console.log('sync', list('x2703-dst1.tmp'));
fs.cp('x2703-src.tmp', 'x2703-dst2.tmp', { recursive: true, filter: (src) => !src.endsWith('sub') }, (err) => {
  console.log('cb', err, list('x2703-dst2.tmp'));
  fs.promises.cp('x2703-src.tmp', 'x2703-dst3.tmp', { recursive: true, filter: async (src) => !src.endsWith('.txt') }).then(() => {
    console.log('promise', list('x2703-dst3.tmp'));
    for (const d of ['x2703-src.tmp', 'x2703-dst1.tmp', 'x2703-dst2.tmp', 'x2703-dst3.tmp']) fs.rmSync(d, { recursive: true });
  });
});
