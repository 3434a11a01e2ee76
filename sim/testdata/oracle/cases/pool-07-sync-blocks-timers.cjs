// pbkdf2Sync blocks the loop: a 10 ms timer fires only after it returns.
const crypto = require('crypto');
setTimeout(() => console.log('timer'), 10);
const key = crypto.pbkdf2Sync('pw', 'salt', 200000, 16, 'sha256');
console.log('sync key', key.length);
