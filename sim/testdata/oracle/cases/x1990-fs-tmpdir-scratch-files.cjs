// A scratch folder under os.tmpdir(), as Node programs make one: mkdtemp, write, append,
// read back, list, then remove the whole folder; each callback's order against a tick.
const fs = require('fs');
const path = require('path');
const os = require('os');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'looplab-case-'));
console.log('made under tmpdir:', path.dirname(dir) === os.tmpdir(), path.basename(dir).length);
const file = path.join(dir, 'notes.txt');
fs.writeFileSync(file, 'one\ntwo\n');
fs.appendFileSync(file, 'three\n');
console.log('lines:', fs.readFileSync(file, 'utf8').trim().split('\n'));
console.log('listed:', fs.readdirSync(dir), fs.statSync(dir).isDirectory());
fs.mkdirSync(path.join(dir, 'sub', 'deeper'), { recursive: true });
fs.writeFileSync(path.join(dir, 'sub', 'deeper', 'x.json'), JSON.stringify({ ok: true }));
fs.readdir(dir, (err, names) => console.log('readdir callback:', err, names));
process.nextTick(() => console.log('tick'));
fs.promises.readFile(path.join(dir, 'sub', 'deeper', 'x.json'), 'utf8').then((t) => {
  console.log('promise read:', JSON.parse(t));
  fs.rm(dir, { recursive: true }, (err) => {
    console.log('removed:', err, fs.existsSync(dir));
  });
});
