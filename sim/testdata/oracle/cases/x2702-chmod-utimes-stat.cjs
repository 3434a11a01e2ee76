// chmod, utimes, mkdir's mode and the umask reach stat (R-P9).
const fs = require('fs');
const f = 'x2702.tmp';
for (const p of [f, 'x2702-b.tmp']) try { fs.unlinkSync(p); } catch (e) {}
try { fs.rmdirSync('x2702-dir.tmp'); } catch (e) {}
fs.writeFileSync(f, 'secret');
console.log((fs.statSync(f).mode & 0o777).toString(8));
fs.chmodSync(f, 0o600);
console.log((fs.statSync(f).mode & 0o777).toString(8), fs.statSync(f).isFile());
fs.chmodSync(f, '755');
console.log((fs.statSync(f).mode & 0o777).toString(8));
fs.utimesSync(f, 1000, new Date('2020-01-02T03:04:05Z'));
const st = fs.statSync(f);
console.log(st.atimeMs, st.mtime.toISOString());
fs.mkdirSync('x2702-dir.tmp', { mode: 0o700 });
console.log((fs.statSync('x2702-dir.tmp').mode & 0o777).toString(8), fs.statSync('x2702-dir.tmp').isDirectory());
const old = process.umask(0o077);
console.log(old.toString(8));
fs.writeFileSync('x2702-b.tmp', 'x', { mode: 0o666 });
console.log((fs.statSync('x2702-b.tmp').mode & 0o777).toString(8));
process.umask(old);
fs.chmod(f, 0o640, (err) => {
  console.log('chmod cb', err, (fs.statSync(f).mode & 0o777).toString(8));
  fs.promises.chmod(f, 0o444).then(() => {
    console.log((fs.statSync(f).mode & 0o777).toString(8));
    fs.rmdirSync('x2702-dir.tmp');
    fs.unlinkSync('x2702-b.tmp');
    fs.unlinkSync(f);
    try { fs.chmodSync(f, 0o600); } catch (e) { console.log(e.code, e.syscall); }
  });
});
