// ECDH with fixed private keys: setPrivateKey gives the public key of that scalar, in
// the uncompressed, compressed and hybrid forms and in several encodings, on
// prime256v1, secp384r1, secp521r1 and secp256k1; both sides compute the same secret;
// ECDH.convertKey moves between the forms; crypto.ECDH works without new.
const crypto = require('crypto');
const curves = { prime256v1: 32, secp384r1: 48, secp521r1: 66, secp256k1: 32 };
for (const curve of Object.keys(curves)) {
  const size = curves[curve];
  const alice = crypto.createECDH(curve);
  const k = Buffer.alloc(size, 0x11);
  if (curve === 'secp521r1') k[0] = 1; // below the order (about 2^521)
  alice.setPrivateKey(k);
  const bob = crypto.ECDH(curve);
  bob.setPrivateKey('07', 'hex');
  console.log(curve, bob instanceof crypto.ECDH, alice.getPublicKey('hex'));
  console.log(' compressed', bob.getPublicKey('hex', 'compressed'));
  console.log(' hybrid', bob.getPublicKey('base64', 'hybrid'));
  console.log(' uncompressed', bob.getPublicKey(null, 'uncompressed').length, bob.getPublicKey().length, bob.getPrivateKey('hex'));
  const s1 = alice.computeSecret(bob.getPublicKey());
  const s2 = bob.computeSecret(alice.getPublicKey('hex', 'compressed'), 'hex', 'hex');
  console.log(' secret', s1.length, s1.toString('hex') === s2, s2);
  const c = crypto.ECDH.convertKey(alice.getPublicKey(), curve, undefined, 'hex', 'compressed');
  console.log(' convert', c, crypto.ECDH.convertKey(c, curve, 'hex', 'hex') === alice.getPublicKey('hex'));
}
const e = crypto.createECDH('prime256v1');
console.log(e.setPrivateKey(Buffer.from([0, 0, 5])) === e, e.getPrivateKey('hex'), e.getPublicKey('base64'));
