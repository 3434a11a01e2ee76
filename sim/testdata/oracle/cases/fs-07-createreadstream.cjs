// Reading this file with a stream: chunks and 'end'.
const fs = require('fs');
let bytes = 0;
let chunks = 0;
fs.createReadStream(__filename)
  .on('open', () => console.log('open'))
  .on('data', (c) => { bytes += c.length; chunks++; })
  .on('end', () => console.log('end', chunks, bytes === fs.statSync(__filename).size))
  .on('close', () => console.log('close'));
