const crypto = require('node:crypto')
for (let i = 1; i <= 3; i++) {
  crypto.pbkdf2('pw', 'salt' + i, 1000000, 32, 'sha256', () => console.log('hash ' + i + ' done'))
}
