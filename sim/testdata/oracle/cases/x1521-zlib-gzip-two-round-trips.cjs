// @threadpool: 1
// zlib.gzip takes two pool round trips (the write with Z_FINISH, then the flush):
// with one thread, a pbkdf2 queued after the gzip runs between them and calls back first.
const zlib = require('zlib');
const crypto = require('crypto');
zlib.gzip('hello world', (err, out) => console.log('gzip done', err, out[0], out[1]));
crypto.pbkdf2('secret', 'salt', 1, 16, 'sha256', () => console.log('pbkdf2 done'));
console.log('queued');
