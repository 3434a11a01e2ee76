// ECDH.generateKeys: random keys from the run's source, so only what does not depend on
// them is printed: the public key's length in each form, the secret's length, and that
// both sides agree; generateKeys again makes a new pair.
const crypto = require('crypto');
for (const curve of ['prime256v1', 'secp384r1', 'secp521r1', 'secp256k1']) {
  const a = crypto.createECDH(curve);
  const b = crypto.createECDH(curve);
  const pa = a.generateKeys();
  const pb = b.generateKeys('base64', 'compressed');
  const s = a.computeSecret(pb, 'base64');
  console.log(curve, pa.length, Buffer.from(pb, 'base64').length, a.getPublicKey(null, 'hybrid').length, s.length,
    s.equals(b.computeSecret(pa)), pa[0], [2, 3].includes(Buffer.from(pb, 'base64')[0]));
  const again = a.generateKeys('hex');
  console.log(' new pair', again !== pa.toString('hex'), a.computeSecret(b.getPublicKey()).equals(b.computeSecret(again, 'hex')));
}
console.log(typeof crypto.getCurves(), crypto.getCurves().length, crypto.getCurves().includes('secp256k1'));
