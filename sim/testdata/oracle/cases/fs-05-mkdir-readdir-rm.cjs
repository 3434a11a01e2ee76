// mkdir, write two files, readdir (sorted), rm recursive.
const fs = require('fs');
const dir = 'fs-05-dir';
fs.mkdir(dir, { recursive: true }, (err) => {
  fs.writeFileSync(dir + '/b.txt', 'b');
  fs.writeFileSync(dir + '/a.txt', 'a');
  fs.readdir(dir, (err, names) => {
    console.log('entries', names.sort());
    fs.rm(dir, { recursive: true }, (err) => console.log('removed', err, fs.existsSync(dir)));
  });
});
