// DiffieHellman's errors: sizeOrKey and generator of the wrong types, a prime length
// under 2 bits, a generator under 2, computeSecret with a public key of 0, 1 or p,
// keys asked before any are made, and verifyError's flags for primes that are not
// primes, not safe, or (from OpenSSL 3) shorter than 512 bits.
const crypto = require('crypto');
function t(label, f) {
  try { console.log(label, f()); } catch (e) { console.log(label, e.name, e.code, e.message); }
}
try { crypto.createDiffieHellman({}); } catch (e) { console.log('object', e.code); }
try { crypto.createDiffieHellman(); } catch (e) { console.log('none', e.code); }
t('length 0', () => crypto.createDiffieHellman(0));
t('length -1', () => crypto.createDiffieHellman(-1));
const p = crypto.getDiffieHellman('modp1').getPrime();
t('generator buffer 1', () => crypto.createDiffieHellman(p, Buffer.from([1])).verifyError);
t('generator 0', () => crypto.createDiffieHellman(p, 0).verifyError);
for (const [prime, g] of [[23, 5], [21, 2], [22, 2], [13, 2], [23, 30]]) t('prime ' + prime + ' g ' + g, () => crypto.createDiffieHellman(Buffer.from([prime]), g).verifyError);
t('p as utf8', () => crypto.createDiffieHellman('17', 5).getPrime('hex'));
const x = crypto.getDiffieHellman('modp1');
x.generateKeys();
t('public 0', () => x.computeSecret(Buffer.from([0])));
t('public 1', () => x.computeSecret(Buffer.from([1])));
t('public empty', () => x.computeSecret(Buffer.alloc(0)));
t('public p-1', () => { const q = Buffer.from(p); q[q.length - 1]--; return x.computeSecret(q); });
t('public 2', () => x.computeSecret(Buffer.from([2])).length);
t('no public', () => crypto.getDiffieHellman('modp1').getPublicKey());
t('no private', () => crypto.getDiffieHellman('modp1').getPrivateKey());
console.log(crypto.constants.DH_CHECK_P_NOT_SAFE_PRIME, crypto.constants.DH_CHECK_P_NOT_PRIME, crypto.constants.DH_NOT_SUITABLE_GENERATOR);
