// fs.promises.readFile and fs.promises.stat on the case's own file: print
// only stable facts (sizes agree, it is a file, first line).
const fs = require('fs');
(async () => {
  const st = await fs.promises.stat(__filename);
  console.log('isFile: ' + st.isFile() + ', isDirectory: ' + st.isDirectory());
  const buf = await fs.promises.readFile(__filename);
  console.log('Buffer: ' + Buffer.isBuffer(buf) + ', size matches stat: ' + (buf.length === st.size));
  const text = await fs.promises.readFile(__filename, 'utf8');
  console.log('first line: ' + text.split('\n')[0]);
  const dir = await fs.promises.stat(__dirname);
  console.log('__dirname isDirectory: ' + dir.isDirectory());
})();
console.log('sync end');
