// DiffieHellman with fixed private keys: createDiffieHellman over a MODP prime (as a
// Buffer, a hex string, with the generator as a number, a Buffer or a string),
// setPrivateKey then generateKeys gives g^x mod p exactly, both sides compute the same
// secret (padded to the prime's length), the getters' encodings, setPublicKey, and
// DiffieHellman called without new.
const crypto = require('crypto');
const p = crypto.getDiffieHellman('modp2').getPrime();
const a = crypto.createDiffieHellman(p);
a.setPrivateKey(Buffer.from('0123456789abcdef', 'hex'));
const pa = a.generateKeys('hex');
const b = crypto.DiffieHellman(p.toString('hex'), 'hex', Buffer.from([2]));
b.setPrivateKey('c0ffee', 'hex');
b.generateKeys();
console.log(b instanceof crypto.DiffieHellman, pa.slice(0, 32), pa.length, a.getPrivateKey('hex'));
console.log(b.getPublicKey('base64').slice(0, 40), b.getPrivateKey().length, b.getGenerator('hex'), b.getPrime('hex') === p.toString('hex'));
const s1 = a.computeSecret(b.getPublicKey());
const s2 = b.computeSecret(pa, 'hex', 'hex');
console.log(s1.length, s1.toString('hex') === s2, s2.slice(0, 48));
const small = crypto.createDiffieHellman(p, 5);
small.setPrivateKey(Buffer.from([3]));
console.log(small.generateKeys('hex'), small.getGenerator('hex'), small.computeSecret(Buffer.from([2])).toString('hex').slice(-8));
const g = crypto.createDiffieHellman(p.toString('base64'), 'base64', '05', 'hex');
g.setPrivateKey(Buffer.from([0, 0, 2]));
console.log(g.getPrivateKey('hex'), g.generateKeys('hex'), g.getGenerator().length);
const s = crypto.createDiffieHellman(p);
console.log(s.setPublicKey('abcd', 'hex') === s, s.getPublicKey('hex'), s.verifyError, Object.keys(s));
