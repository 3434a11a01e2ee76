// The sizes crypto bounds before it spends work or memory on them (issue 30): random
// bytes and fills within int32, pbkdf2's iterations and key length, scrypt's key length,
// N (a power of two) and the memory its parameters take (maxmem, 32 MiB), hkdf's info
// (1024 bytes) and key length (255 digests), SHAKE's outputLength (uint32), a prime's
// size and an RSA modulus (uint32). Node 10 words some as option values, and lacks hkdf
// and generatePrime.
const crypto = require('crypto');
const show = (label, fn) => {
  try { const r = fn(); console.log(label, 'ok', r && r.length); } catch (e) { console.log(label, e.name, e.code, e.message); }
};
show('randomBytes 2**31', () => crypto.randomBytes(2 ** 31));
show('randomBytes -1', () => crypto.randomBytes(-1));
show('randomBytes 1.5', () => crypto.randomBytes(1.5));
show('randomFillSync size', () => crypto.randomFillSync(Buffer.alloc(4), 0, 5));
show('randomFillSync offset', () => crypto.randomFillSync(Buffer.alloc(4), 5));
show('pbkdf2 keylen 2**31', () => crypto.pbkdf2Sync('p', 's', 1, 2 ** 31, 'sha256'));
show('pbkdf2 keylen -1', () => crypto.pbkdf2Sync('p', 's', 1, -1, 'sha256'));
show('scrypt keylen 2**31', () => crypto.scryptSync('p', 's', 2 ** 31));
show('scrypt N 3', () => crypto.scryptSync('p', 's', 32, { N: 3 }));
show('scrypt N 2**15 (maxmem)', () => crypto.scryptSync('p', 's', 32, { N: 2 ** 15 }));
show('scrypt N 2**20 (maxmem)', () => crypto.scryptSync('p', 's', 32, { N: 2 ** 20 }));
if (typeof crypto.hkdfSync === 'function') {
  show('hkdf keylen', () => crypto.hkdfSync('sha256', 'k', 's', 'i', 255 * 32 + 1));
  show('hkdf keylen max', () => crypto.hkdfSync('sha256', 'k', 's', 'i', 255 * 32).byteLength);
  show('hkdf info', () => crypto.hkdfSync('sha256', 'k', 's', Buffer.alloc(1025), 32));
  show('hkdf length -1', () => crypto.hkdfSync('sha256', 'k', 's', 'i', -1));
}
if (process.versions.node.split('.')[0] >= 12) show('shake 2**32', () => crypto.createHash('shake256', { outputLength: 2 ** 32 }));
if (typeof crypto.generatePrimeSync === 'function') show('generatePrime 2**31', () => crypto.generatePrimeSync(2 ** 31));
show('rsa 2**32', () => crypto.generateKeyPairSync('rsa', { modulusLength: 2 ** 32 }));
show('rsa 1.5', () => crypto.generateKeyPairSync('rsa', { modulusLength: 1.5 }));
