// fs.createReadStream on the case's own file: events arrive as
// open | ready | data | end | close (only the order and the total length
// check are printed).
const fs = require('fs');
const expected = fs.statSync(__filename).size;
let total = 0;
let dataEvents = 0;
const rs = fs.createReadStream(__filename);
rs.on('open', () => console.log('open'));
rs.on('ready', () => console.log('ready'));
rs.on('data', (chunk) => {
  if (dataEvents++ === 0) console.log('data');
  total += chunk.length;
});
rs.on('end', () => console.log('end (read whole file: ' + (total === expected) + ')'));
rs.on('close', () => console.log('close'));
console.log('stream created');
