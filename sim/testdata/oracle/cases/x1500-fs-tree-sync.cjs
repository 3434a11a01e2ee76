// The synchronous tree operations: mkdirSync recursive returns the first directory it
// made, readdirSync with file types and recursive, renameSync, copyFileSync, rmSync,
// and the errors Node reports for each (code, syscall, message).
const fs = require('fs');
const path = require('path');
const d = 'x1500-dir';
const first = fs.mkdirSync(d + '/a/b', { recursive: true });
console.log('made', path.basename(first), fs.mkdirSync(d + '/a/b', { recursive: true }));
fs.writeFileSync(d + '/a/one.txt', '1');
fs.writeFileSync(d + '/top.txt', 'top');
console.log(fs.readdirSync(d).sort());
console.log(fs.readdirSync(d, { recursive: true }).sort());
for (const e of fs.readdirSync(d + '/a', { withFileTypes: true }).sort((x, y) => x.name.localeCompare(y.name))) {
  console.log(e.name, e.isFile(), e.isDirectory(), e.parentPath);
}
fs.copyFileSync(d + '/top.txt', d + '/copy.txt');
fs.renameSync(d + '/copy.txt', d + '/a/moved.txt');
console.log(fs.readFileSync(d + '/a/moved.txt', 'utf8'), fs.existsSync(d + '/copy.txt'));
const tryIt = (label, fn) => { try { fn(); console.log(label, 'ok'); } catch (e) { console.log(label, e.code, e.syscall, e.message); } };
tryIt('mkdir existing', () => fs.mkdirSync(d));
tryIt('mkdir no parent', () => fs.mkdirSync(d + '/x/y'));
tryIt('rmdir not empty', () => fs.rmdirSync(d));
tryIt('unlink a dir', () => fs.unlinkSync(d + '/a'));
tryIt('rename missing', () => fs.renameSync(d + '/nope', d + '/other'));
tryIt('copy missing', () => fs.copyFileSync(d + '/nope', d + '/other'));
tryIt('copy excl', () => fs.copyFileSync(d + '/top.txt', d + '/a/moved.txt', fs.constants.COPYFILE_EXCL));
tryIt('readdir a file', () => fs.readdirSync(d + '/top.txt'));
tryIt('write in missing dir', () => fs.writeFileSync(d + '/x/f.txt', ''));
try { fs.rmSync(d); } catch (e) { console.log('rm a dir', e.name, e.code, e.message, e.errno, e.syscall); }
tryIt('rm missing', () => fs.rmSync(d + '/nope'));
tryIt('rm missing force', () => fs.rmSync(d + '/nope', { force: true }));
fs.rmSync(d, { recursive: true });
console.log('gone', fs.existsSync(d));
