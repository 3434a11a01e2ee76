// @threadpool: 1
// crypto.argon2 is one thread-pool job: with one thread, jobs run in the order they were
// queued (argon2, pbkdf2, argon2), so their callbacks come in that order, after the
// synchronous code; argon2Sync blocks the main thread and gives the same key.
const crypto = require('crypto');
if (typeof crypto.argon2 !== 'function') { console.log('no argon2 in', process.version.split('.')[0]); return; }
const params = { message: 'hunter2', nonce: 'pepper-salt', parallelism: 2, tagLength: 24, memory: 256, passes: 2 };
crypto.argon2('argon2id', params, function (err, key) {
  console.log('argon2id', err, key.toString('hex'), Buffer.isBuffer(key));
});
crypto.pbkdf2('hunter2', 'salt', 10, 16, 'sha256', (err, key) => console.log('pbkdf2', key.toString('hex')));
crypto.argon2('argon2i', { ...params, tagLength: 8 }, (err, key) => console.log('argon2i', err, key.toString('hex')));
console.log('sync', crypto.argon2Sync('argon2id', params).toString('hex'));
