// The callback forms of the tree operations, chained: each calls back from the pool
// with (err) or (null, value).
const fs = require('fs');
const d = 'x1501-dir';
fs.mkdir(d + '/sub', { recursive: true }, (err, first) => {
  console.log('mkdir', err, typeof first);
  fs.writeFile(d + '/a.txt', 'alpha', (err) => {
    console.log('writeFile', err);
    fs.copyFile(d + '/a.txt', d + '/b.txt', (err) => {
      console.log('copyFile', err);
      fs.rename(d + '/b.txt', d + '/sub/c.txt', (err) => {
        console.log('rename', err);
        fs.readdir(d, (err, names) => {
          console.log('readdir', err, names.sort());
          fs.access(d + '/sub/c.txt', (err) => {
            console.log('access', err);
            fs.rmdir(d, (err) => {
              console.log('rmdir', err.code);
              fs.rm(d, { recursive: true }, (err) => {
                console.log('rm', err, fs.existsSync(d));
                fs.mkdir(d, (err) => console.log('mkdir again', err, fs.rmdirSync(d)));
              });
            });
          });
        });
      });
    });
  });
});
console.log('sync end');
