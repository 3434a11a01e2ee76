// Key derivation and random numbers: pbkdf2, scrypt and hkdf in both forms (hkdf's key
// is an ArrayBuffer), an invalid digest, timingSafeEqual, randomInt's range checks and
// its callback (undefined error), randomUUID's shape, getRandomValues,
// randomFill, secret keys and primes.
const crypto = require('crypto');
console.log(crypto.pbkdf2Sync('pw', 'salt', 1000, 16, 'sha256').toString('hex'));
console.log(crypto.scryptSync('pw', 'salt', 16).toString('hex'));
const k = crypto.hkdfSync('sha256', 'key', 'salt', 'info', 16);
console.log(k instanceof ArrayBuffer, Buffer.from(k).toString('hex'));
try { crypto.pbkdf2Sync('p', 's', 1, 8, 'nope'); } catch (e) { console.log(e.name, e.code, e.message); }
console.log(crypto.timingSafeEqual(Buffer.from('ab'), Buffer.from('ab')), crypto.timingSafeEqual(Buffer.from('ab'), Buffer.from('ac')));
try { crypto.timingSafeEqual(Buffer.from('ab'), Buffer.from('abc')); } catch (e) { console.log(e.code, e.message); }
try { crypto.randomInt(5, 3); } catch (e) { console.log(e.code, e.message); }
try { crypto.randomInt(1.5); } catch (e) { console.log(e.code); }
const n = crypto.randomInt(10, 20);
console.log(n >= 10 && n < 20, Number.isInteger(n));
console.log(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(crypto.randomUUID()));
const arr = crypto.getRandomValues(new Uint32Array(4));
console.log(arr.length, arr instanceof Uint32Array, crypto.randomBytes(8).length, crypto.randomFillSync(Buffer.alloc(4), 2).length);
const key = crypto.createSecretKey(Buffer.from('secret'));
console.log(key.type, key.symmetricKeySize, key.export().toString(), key instanceof crypto.KeyObject);
console.log(crypto.checkPrimeSync(7n), crypto.checkPrimeSync(91n), typeof crypto.generatePrimeSync(16, { bigint: true }));
crypto.pbkdf2('pw', 'salt', 1000, 16, 'sha256', (err, key) => {
  console.log('pbkdf2', err, key.toString('hex'));
  crypto.scrypt('pw', 'salt', 16, (err, key) => {
    console.log('scrypt', err, key.toString('hex'));
    crypto.hkdf('sha512', 'key', 'salt', 'info', 8, (err, key) => {
      console.log('hkdf', err, Buffer.from(key).toString('hex'));
      crypto.randomInt(3, (err, v) => {
        console.log('randomInt', err, v >= 0 && v < 3);
        crypto.randomFill(new Uint8Array(4), (err, buf) => {
          console.log('randomFill', err, buf.length);
          crypto.checkPrime(13n, (err, yes) => console.log('checkPrime', err, yes));
        });
      });
    });
  });
});
