// util.promisify(crypto.scrypt) with await.
const crypto = require('crypto');
const { promisify } = require('util');
const scrypt = promisify(crypto.scrypt);
(async () => {
  const key = await scrypt('password', 'salt', 16);
  console.log('scrypt key length', key.length, Buffer.isBuffer(key));
})();
