// @threadpool: 1
// With one pool thread, jobs finish in the order they were queued.
const crypto = require('crypto');
for (const name of ['first', 'second', 'third']) {
  crypto.pbkdf2('pw', name, 20000, 16, 'sha256', () => console.log(name, 'done'));
}
