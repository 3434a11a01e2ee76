// @threadpool: 1
// With a single pool thread, jobs complete strictly in submission order,
// whatever their size: a heavy pbkdf2 submitted first delays a tiny pbkdf2
// and an fs.stat submitted after it.
const fs = require('fs');
const crypto = require('crypto');
crypto.pbkdf2('secret', 'salt1', 100000, 32, 'sha256', () => console.log('heavy pbkdf2 (1st)'));
crypto.pbkdf2('secret', 'salt2', 1000, 32, 'sha256', () => console.log('tiny pbkdf2 (2nd)'));
fs.stat(__filename, () => console.log('fs.stat (3rd)'));
crypto.pbkdf2('secret', 'salt4', 1, 32, 'sha256', () => console.log('1-iteration pbkdf2 (4th)'));
console.log('all submitted');
