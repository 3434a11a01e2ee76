// A write stream: several writes, end, 'finish', then read the result back.
const fs = require('fs');
const f = 'fs-08.tmp';
const ws = fs.createWriteStream(f);
ws.write('line 1\n');
ws.write('line 2\n');
ws.end('line 3\n');
ws.on('finish', () => {
  console.log('finish');
  console.log(JSON.stringify(fs.readFileSync(f, 'utf8')));
  fs.unlinkSync(f);
});
ws.on('close', () => console.log('close'));
