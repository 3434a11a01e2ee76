// crypto.createHmac digest, synchronous.
const crypto = require('crypto');
console.log(crypto.createHmac('sha256', 'key').update('message').digest('hex'));
