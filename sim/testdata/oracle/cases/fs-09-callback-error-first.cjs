// Error-first callbacks: a helper that wraps fs.readFile and passes errors on.
const fs = require('fs');
function readJSON(file, cb) {
  fs.readFile(file, 'utf8', (err, text) => {
    if (err) return cb(err);
    try { cb(null, JSON.parse(text)); } catch (e) { cb(e); }
  });
}
fs.writeFileSync('fs-09.json', '{"a":1}');
readJSON('fs-09.json', (err, obj) => {
  console.log('ok', err, obj);
  fs.writeFileSync('fs-09.json', '{oops');
  readJSON('fs-09.json', (err) => {
    console.log('bad json', err.name);
    readJSON('fs-09-missing.json', (err) => { console.log('missing', err.code); fs.unlinkSync('fs-09.json'); });
  });
});
