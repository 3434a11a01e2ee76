// createHash is synchronous: no pool, no callback.
const crypto = require('crypto');
const h = crypto.createHash('sha256').update('abc').digest('hex');
console.log(h);
console.log(crypto.createHash('md5').update('abc').digest('base64'));
