// File descriptors: openSync flags, readSync/writeSync with and without a position
// (the file position moves only without one), read/write callbacks, fstat, ftruncate,
// and EBADF after close.
const fs = require('fs');
const f = 'x1502.tmp';
fs.writeFileSync(f, '0123456789');
const fd = fs.openSync(f, 'r+');
const b = Buffer.alloc(4);
console.log(fs.readSync(fd, b, 0, 4, 3), b.toString());
console.log(fs.readSync(fd, b), b.toString());
console.log(fs.writeSync(fd, 'AB'), fs.writeSync(fd, 'Z', 0), fs.readFileSync(f, 'utf8'));
console.log(fs.fstatSync(fd).size, fs.fstatSync(fd).isFile());
fs.ftruncateSync(fd, 4);
console.log(JSON.stringify(fs.readFileSync(f, 'utf8')));
fs.closeSync(fd);
try { fs.closeSync(fd); } catch (e) { console.log(e.code, e.message); }
try { fs.openSync('x1502-missing.tmp'); } catch (e) { console.log(e.code, e.message); }
try { fs.openSync(f, 'wx'); } catch (e) { console.log(e.code, e.message); }
fs.open(f, 'a', (err, fd2) => {
  console.log('open', err, typeof fd2);
  fs.write(fd2, 'tail', (err, n, s) => {
    console.log('write', err, n, s);
    fs.read(fd2, Buffer.alloc(3), 0, 3, 0, (err, n, buf) => {
      console.log('read', err && err.code, n);
      fs.close(fd2, (err) => {
        console.log('close', err, fs.readFileSync(f, 'utf8'));
        fs.read(fd2, Buffer.alloc(1), 0, 1, 0, (err) => { console.log('read closed', err.code, err.syscall); fs.unlinkSync(f); });
      });
    });
  });
});
