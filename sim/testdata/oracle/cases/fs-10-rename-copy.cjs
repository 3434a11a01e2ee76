// copyFile and rename, then check which names exist.
const fs = require('fs');
fs.writeFileSync('fs-10-a.tmp', 'x');
fs.copyFile('fs-10-a.tmp', 'fs-10-b.tmp', (err) => {
  console.log('copied', err);
  fs.rename('fs-10-b.tmp', 'fs-10-c.tmp', (err) => {
    console.log('renamed', err, ['a', 'b', 'c'].map((n) => fs.existsSync('fs-10-' + n + '.tmp')));
    fs.unlinkSync('fs-10-a.tmp');
    fs.unlinkSync('fs-10-c.tmp');
  });
});
