// Write a file, read it back, delete it: callbacks nested in order.
const fs = require('fs');
const file = 'fs-01.tmp';
fs.writeFile(file, 'hello file', (err) => {
  if (err) throw err;
  console.log('written');
  fs.readFile(file, 'utf8', (err, text) => {
    console.log('read:', text);
    fs.unlink(file, (err) => console.log('deleted', err === null));
  });
});
console.log('writeFile called');
