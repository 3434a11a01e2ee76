const fs = require('fs');
fs.readdir(__dirname, (err) => {
  console.log('readdir', err === null);
  setImmediate(() => console.log('immediate after readdir'));
  setTimeout(() => console.log('timeout after readdir'), 0);
});
process.nextTick(() => console.log('tick'));
