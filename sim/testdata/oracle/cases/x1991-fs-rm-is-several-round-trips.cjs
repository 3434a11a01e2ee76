// fs.rm is not one pool request: Node checks with lstat, then removes the way rimraf does
// (lstat, unlink a file; rmdir a folder, which fails while it holds entries, then readdir,
// each entry removed, rmdir again). Removing a folder of two files takes 7 round trips,
// so a single fs.stat started beside it is done long before, and a chain of one stat
// after another is still running when a single file's removal (3 round trips) ends.
const fs = require('fs');
const path = require('path');
const dir = fs.mkdtempSync(path.join(require('os').tmpdir(), 'rm-'));
fs.mkdirSync(path.join(dir, 'folder'));
fs.writeFileSync(path.join(dir, 'folder', 'a'), 'a');
fs.writeFileSync(path.join(dir, 'folder', 'b'), 'b');
fs.writeFileSync(path.join(dir, 'file'), 'f');
const order = [];
fs.rm(path.join(dir, 'folder'), { recursive: true }, (err) => {
  order.push('folder removed');
  fs.rm(path.join(dir, 'missing'), { force: true }, (err2) => {
    order.push('missing with force: ' + err2);
    fs.rm(path.join(dir, 'missing'), (err3) => {
      order.push('missing: ' + err3.code + ' ' + err3.syscall);
      fs.rm(dir, (err4) => {
        order.push('folder without recursive: ' + err4.code + ' ' + err4.name);
        fs.rmSync(dir, { recursive: true });
        console.log(order.join('\n'));
      });
    });
  });
});
fs.stat(__filename, () => order.push('one stat'));
let stats = 0;
let fileGone = false;
fs.rm(path.join(dir, 'file'), () => { fileGone = true; order.push('file removed'); });
(function chain() {
  fs.stat(__filename, () => {
    stats++;
    if (!fileGone && stats < 12) chain();
    else if (stats === 12) order.push('chain ended first');
  });
})();
