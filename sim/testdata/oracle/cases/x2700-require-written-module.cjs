// A module the program writes can be required, and require.cache forgets it on delete (R-M8).
const fs = require('fs');
const path = require('path');
const f = path.join(__dirname, 'x2700-mod.tmp.js');
fs.writeFileSync(f, 'console.log("loading"); module.exports = 42;');
console.log(require(f));
console.log(require(f), f in require.cache);
fs.writeFileSync(f, 'module.exports = { n: 43 };');
delete require.cache[f];
console.log(require(f).n);
fs.writeFileSync(path.join(__dirname, 'x2700-data.tmp.json'), '{"a":[1,2]}');
console.log(require('./x2700-data.tmp.json').a);
fs.unlinkSync(f);
fs.unlinkSync(path.join(__dirname, 'x2700-data.tmp.json'));
setTimeout(() => console.log('still cached', require(f).n), 1);
