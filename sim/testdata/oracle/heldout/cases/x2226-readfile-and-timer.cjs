const fs = require('fs');
setTimeout(() => console.log('timer 200'), 200);
fs.readFile(__filename, 'utf8', (err, data) => {
  console.log('read', data.length > 0);
  process.nextTick(() => console.log('tick after read'));
});
console.log('scheduled');
