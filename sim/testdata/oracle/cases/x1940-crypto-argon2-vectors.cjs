// crypto.argon2Sync (Node 24.7+) derives RFC 9106's tags: its test vectors for argon2d,
// argon2i and argon2id (with a secret and associated data), then keys a program would
// make: a password hash with OWASP's argon2id settings, a long tag (over 64 bytes), a
// memory that is not a multiple of 4 x parallelism, one pass, an empty message.
const crypto = require('crypto');
if (typeof crypto.argon2Sync !== 'function') { console.log('no argon2 in', process.version.split('.')[0]); return; }
const rfc = { message: Buffer.alloc(32, 1), nonce: Buffer.alloc(16, 2), secret: Buffer.alloc(8, 3), associatedData: Buffer.alloc(12, 4),
  parallelism: 4, tagLength: 32, memory: 32, passes: 3 };
for (const alg of ['argon2d', 'argon2i', 'argon2id']) console.log(alg, crypto.argon2Sync(alg, rfc).toString('hex'));
const owasp = { message: 'correct horse battery staple', nonce: crypto.createHash('sha256').update('user@example.com').digest().subarray(0, 16),
  parallelism: 1, tagLength: 32, memory: 19456, passes: 2 };
console.log('owasp', crypto.argon2Sync('argon2id', owasp).toString('base64'));
console.log('long tag', crypto.argon2Sync('argon2id', { message: 'password', nonce: 'somesalt', parallelism: 1, tagLength: 100, memory: 64, passes: 2 }).toString('hex'));
console.log('odd memory', crypto.argon2Sync('argon2i', { message: 'password', nonce: 'saltsaltsalt', associatedData: Buffer.from('context'), parallelism: 3, tagLength: 16, memory: 50, passes: 1 }).toString('hex'));
console.log('empty', crypto.argon2Sync('argon2d', { message: '', nonce: '12345678', secret: Buffer.from('pepper'), parallelism: 2, tagLength: 4, memory: 16, passes: 4 }).toString('hex'));
const a = crypto.argon2Sync('argon2id', owasp);
console.log('same twice', a.equals(crypto.argon2Sync('argon2id', owasp)), Buffer.isBuffer(a), a.length);
