// @threadpool: 1
// crypto.randomBytes and crypto.scrypt (async forms) also run on the pool:
// with one thread they complete in submission order, behind a heavy pbkdf2.
const crypto = require('crypto');
crypto.pbkdf2('secret', 'salt', 100000, 32, 'sha256', () => console.log('pbkdf2 (1st)'));
crypto.randomBytes(16, (err, buf) => console.log('randomBytes (2nd): ' + buf.length + ' bytes'));
crypto.scrypt('secret', 'salt', 16, (err, key) => console.log('scrypt (3rd): ' + key.length + ' bytes'));
crypto.randomBytes(8, (err, buf) => console.log('randomBytes (4th): ' + buf.length + ' bytes'));
console.log('submitted');
