// node:fs's exports behave like own data properties: `in`, Object.keys, destructuring,
// assignment, and the same function on every read.
const fs = require('fs');
console.log('stat' in fs, 'readFileSync' in fs, 'nope' in fs, fs.nope);
const keys = Object.keys(fs);
console.log(keys.includes('stat'), keys.includes('promises'), keys.includes('createReadStream'));
const { readFileSync, promises, constants } = fs;
console.log(typeof readFileSync, typeof promises.readFile, constants.R_OK, fs.F_OK);
console.log(fs.stat === fs.stat, fs.promises === promises);
fs.custom = 42;
console.log(fs.custom, Object.keys(fs).includes('custom'));
fs.stat(__filename, (err, st) => console.log('stat', err, st.isFile(), st instanceof fs.Stats));
