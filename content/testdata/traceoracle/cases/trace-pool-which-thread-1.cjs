// @threadpool: 2
const crypto = require('node:crypto')
for (const user of ['A', 'B', 'C', 'D', 'E', 'F']) {
  crypto.pbkdf2('pw', 'salt', 500000, 32, 'sha256', () => console.log(user + ' done'))
}
