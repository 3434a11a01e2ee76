// appendFile and appendFileSync create or extend a file; truncate shortens or pads
// it with zero bytes; writeFile's flag 'a' appends and 'wx' refuses an existing file.
const fs = require('fs');
const f = 'x1507.tmp';
fs.appendFileSync(f, 'ab');
fs.appendFileSync(f, Buffer.from('cd'));
console.log(fs.readFileSync(f, 'utf8'));
fs.truncateSync(f, 2);
console.log(fs.readFileSync(f, 'utf8'));
fs.truncateSync(f, 4);
console.log(fs.readFileSync(f).toString('hex'));
fs.writeFileSync(f, 'x', { flag: 'a' });
console.log(fs.readFileSync(f).length);
try { fs.writeFileSync(f, 'y', { flag: 'wx' }); } catch (e) { console.log(e.code, e.message); }
fs.appendFile(f, '!', (err) => {
  console.log('appendFile', err, fs.readFileSync(f).length);
  fs.truncate(f, (err) => {
    console.log('truncate', err, fs.statSync(f).size);
    fs.promises.appendFile(f, 'pp').then(() => {
      console.log('promises', fs.readFileSync(f, 'utf8'));
      fs.unlinkSync(f);
    });
  });
});
