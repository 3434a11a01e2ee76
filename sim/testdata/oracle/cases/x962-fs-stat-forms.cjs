// fs.stat and fs.lstat in every form, one after another: a file the program wrote
// (relative path), a missing file (the error shows the path as given), the working
// directory, an options argument, a file: URL object, a 'file:' string (a relative
// path, so missing), lstat; then the Stats methods and the argument errors.
const fs = require('fs');
const name = 'x962-written.tmp';
fs.writeFileSync(name, 'hello');
const steps = [
  (next) => fs.stat(name, (err, st) => { console.log('written', err, st.size, st.isFile(), st.isDirectory()); next(); }),
  (next) => fs.stat('x962-missing.tmp', (err, st) => { console.log('missing', err.code, err.syscall, err.errno, err.message, st); next(); }),
  (next) => fs.stat('.', (err, st) => { console.log('dir', err, st.isDirectory(), st.isFile(), st.mode === 16877 || st.mode > 16384); next(); }),
  (next) => fs.stat(__filename, {}, (err, st) => { console.log('options', err, st.isFile()); next(); }),
  (next) => fs.stat(new URL('file://' + __filename), (err, st) => { console.log('url', err, st.isFile()); next(); }),
  (next) => fs.stat('file://' + __filename, (err) => { console.log('file string', err.code); next(); }),
  (next) => fs.lstat('x962-missing.tmp', (err) => { console.log('lstat', err.code, err.syscall, err.message); next(); }),
  (next) => fs.lstat(__filename, (err, st) => { console.log('lstat file', err, st.isSymbolicLink(), st.isFIFO(), st instanceof fs.Stats); next(); }),
];
const run = (i) => { if (i < steps.length) steps[i](() => run(i + 1)); else fs.unlink(name, (err) => console.log('unlinked', err)); };
run(0);
try { fs.stat(name); } catch (e) { console.log('no callback:', e.code); }
try { fs.stat(42, () => {}); } catch (e) { console.log('number path:', e.code); }
console.log('sync end', typeof fs.stat, fs.stat.name, fs.lstat.name, fs.lstat === fs.stat);
