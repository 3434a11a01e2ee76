// The MODP groups (RFC 2409's modp1 and modp2, RFC 3526's modp5 and modp14-18) through
// getDiffieHellman, createDiffieHellmanGroup and DiffieHellmanGroup (without new too):
// their primes' lengths and ends, the generator, verifyError; random keys agree on
// both sides; an unknown group and a name that is not a string.
const crypto = require('crypto');
// Node 10 (OpenSSL 1.1.1) checks each group's prime for verifyError, seconds each from
// modp15 on: those are left out there.
const big = process.version.startsWith('v10.') ? [] : ['modp15', 'modp16', 'modp17', 'modp18'];
for (const name of ['modp1', 'modp2', 'modp5', 'modp14', ...big]) {
  const d = crypto.getDiffieHellman(name);
  const prime = d.getPrime('hex');
  console.log(name, d.getPrime().length, prime.slice(0, 24), prime.slice(-24), d.getGenerator('hex'), d.verifyError);
}
const x = crypto.createDiffieHellmanGroup('modp5');
const y = crypto.DiffieHellmanGroup('modp5');
console.log(x.constructor.name, y instanceof crypto.DiffieHellmanGroup, typeof x.setPrivateKey, typeof crypto.DiffieHellman.prototype.setPrivateKey);
const px = x.generateKeys();
const py = y.generateKeys('base64');
const sx = x.computeSecret(py, 'base64');
console.log(sx.length, sx.equals(y.computeSecret(px)));
const m1 = crypto.getDiffieHellman('modp1'), m2 = crypto.getDiffieHellman('modp1');
m1.generateKeys(); m2.generateKeys();
console.log(m1.getPrivateKey().length, m1.computeSecret(m2.getPublicKey()).toString('hex') === m2.computeSecret(m1.getPublicKey()).toString('hex'));
try { crypto.getDiffieHellman('modp3'); } catch (e) { console.log(e.name, e.message); }
try { crypto.getDiffieHellman('ffdhe2048'); } catch (e) { console.log(e.name, e.message); }
try { crypto.getDiffieHellman(14); } catch (e) { console.log(e.name, e.code, e.message); }
