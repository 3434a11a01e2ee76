// @threadpool: 1
// *Sync crypto/zlib/fs APIs run on the main thread and return immediately
// even while the single pool thread is busy with a heavy async pbkdf2; they
// block the main thread, so the async callback (and the 0 ms timer) can
// only run after all of them.
const fs = require('fs');
const zlib = require('zlib');
const crypto = require('crypto');
crypto.pbkdf2('secret', 'salt', 100000, 32, 'sha256', () => console.log('async pbkdf2 callback'));
setTimeout(() => console.log('setTimeout 0'), 0);
console.log('pbkdf2Sync: ' + crypto.pbkdf2Sync('secret', 'salt', 1000, 16, 'sha256').length + ' bytes');
console.log('scryptSync: ' + crypto.scryptSync('secret', 'salt', 16).length + ' bytes');
console.log('randomBytes sync: ' + crypto.randomBytes(4).length + ' bytes');
console.log('gunzipSync(gzipSync): ' + zlib.gunzipSync(zlib.gzipSync('abc')).toString());
console.log('statSync isFile: ' + fs.statSync(__filename).isFile());
