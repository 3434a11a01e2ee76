// pbkdf2Sync blocks and returns the key; the async pbkdf2 with the same
// inputs delivers the same key later. Key derivation is deterministic, so
// the hex output is stable. scrypt likewise.
const crypto = require('crypto');
crypto.pbkdf2('pw', 'salt', 1000, 16, 'sha256', (err, key) => {
  console.log('async pbkdf2: ' + key.toString('hex'));
});
console.log('pbkdf2Sync:   ' + crypto.pbkdf2Sync('pw', 'salt', 1000, 16, 'sha256').toString('hex'));
crypto.scrypt('pw', 'salt', 16, (err, key) => {
  console.log('async scrypt: ' + key.toString('hex'));
});
console.log('scryptSync:   ' + crypto.scryptSync('pw', 'salt', 16).toString('hex'));
