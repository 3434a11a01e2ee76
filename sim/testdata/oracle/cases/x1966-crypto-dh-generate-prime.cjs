// createDiffieHellman(primeLength) searches for a safe prime on the main thread: a
// 512-bit one takes milliseconds, so a 2 ms timer set before it is due when the loop
// starts, ahead of setImmediate. The prime's length, its residue (the one OpenSSL uses
// for the generator: it differs between OpenSSL 1.1.1 and 3), the generator and
// verifyError are fixed; the prime itself is random.
const crypto = require('crypto');
setTimeout(() => console.log('timeout'), 2);
setImmediate(() => console.log('immediate'));
const d = crypto.createDiffieHellman(512);
const p = BigInt('0x' + d.getPrime('hex'));
console.log(d.getPrime().length, p.toString(2).length, p % 24n, d.getGenerator('hex'), d.verifyError);
const f = crypto.createDiffieHellman(512, 5);
console.log(BigInt('0x' + f.getPrime('hex')) % 10n, f.getGenerator('hex'), f.verifyError);
const a = crypto.createDiffieHellman(d.getPrime(), d.getGenerator());
a.generateKeys();
d.generateKeys();
console.log(a.computeSecret(d.getPublicKey()).equals(d.computeSecret(a.getPublicKey())), a.computeSecret(d.getPublicKey()).length);
