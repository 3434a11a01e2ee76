// fs.readFileSync returns synchronously; fs.readFile and fs.stat callbacks
// come later (thread pool + poll phase); the error-first callback gets
// null on success.
const fs = require('fs');
const text = fs.readFileSync(__filename, 'utf8');
console.log('readFileSync first line: ' + text.split('\n')[0]);
console.log('existsSync: ' + fs.existsSync(__filename));
fs.readFile(__filename, 'utf8', (err, data) => {
  console.log('readFile err: ' + err + ', same text: ' + (data === text));
});
fs.stat(__filename, (err, st) => {
  console.log('stat err: ' + err + ', size matches: ' + (st.size === Buffer.byteLength(text)));
});
console.log('sync end');
