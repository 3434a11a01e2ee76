// realpath (callback, Sync, native, promises) gives an absolute path; stat with
// bigint, statSync's throwIfNoEntry, lstat, exists; the error syscalls differ:
// realpath's JS form reports lstat, the native one realpath.
const fs = require('fs');
const path = require('path');
console.log(path.basename(fs.realpathSync(__filename)), path.basename(fs.realpathSync.native(__filename)));
try { fs.realpathSync('x1506-nope'); } catch (e) { console.log(e.code, e.syscall); }
try { fs.realpathSync.native('x1506-nope'); } catch (e) { console.log(e.code, e.syscall, e.message); }
const big = fs.statSync(__filename, { bigint: true });
console.log(typeof big.size, typeof big.mtimeMs, typeof big.mtimeNs, big.isFile(), big.size === BigInt(fs.statSync(__filename).size));
console.log(fs.statSync('x1506-nope', { throwIfNoEntry: false }));
console.log(fs.lstatSync(__dirname).isDirectory(), fs.statSync(__dirname).isFile());
fs.realpath(__filename, (err, p) => {
  console.log('realpath', err, path.isAbsolute(p), path.basename(p));
  fs.realpath.native(__filename, (err, p) => {
    console.log('native', err, path.basename(p));
    fs.promises.realpath(__filename).then((p) => {
      console.log('promises', path.basename(p));
      fs.exists(__filename, (yes) => {
        console.log('exists', yes);
        fs.exists('x1506-nope', (yes) => {
          console.log('exists missing', yes);
          fs.stat('x1506-nope', (err) => {
            console.log('stat', err.code, err.syscall, err.errno);
            fs.lstat(__filename, { bigint: true }, (err, st) => console.log('lstat bigint', typeof st.size));
          });
        });
      });
    });
  });
});
