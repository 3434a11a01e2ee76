// X25519 KeyObjects: a fixed PKCS#8 key read by createPrivateKey exports the same PEM,
// its DER and its JWK; createPublicKey derives the public half (SPKI and JWK);
// crypto.diffieHellman of two fixed keys gives the same secret both ways; keys from
// generateKeyPairSync agree too. Node 10 has no KeyObject and no X25519 pairs.
const crypto = require('crypto');
if (!crypto.createPrivateKey) {
  console.log('no KeyObject', typeof crypto.diffieHellman);
  try { crypto.generateKeyPairSync('x25519', {}); } catch (e) { console.log(e.code, e.message); }
  return;
}
const pemA = '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VuBCIEIAhkdjGSBgtUip0VaTZrkcgNNgc9APdJ1JHaoCQ2IGti\n-----END PRIVATE KEY-----\n';
const pemB = '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VuBCIEIPA+lasocLQem4le1OvjZn65+EFz9xkxVEVOnm/zlHpm\n-----END PRIVATE KEY-----\n';
const a = crypto.createPrivateKey(pemA);
const b = crypto.createPrivateKey({ key: pemB });
console.log(a.type, a.asymmetricKeyType, a.asymmetricKeyDetails, a.export({ type: 'pkcs8', format: 'pem' }) === pemA);
console.log(a.export({ type: 'pkcs8', format: 'der' }).toString('hex'));
console.log(JSON.stringify(a.export({ format: 'jwk' })));
const pubA = crypto.createPublicKey(a);
console.log(pubA.type, pubA.export({ type: 'spki', format: 'pem' }));
console.log(JSON.stringify(pubA.export({ format: 'jwk' })), pubA.export({ type: 'spki', format: 'der' }).length);
const pubB = crypto.createPublicKey(pemB);
const s1 = crypto.diffieHellman({ privateKey: a, publicKey: pubB });
const s2 = crypto.diffieHellman({ privateKey: b, publicKey: pubA });
console.log(s1.toString('hex'), s1.equals(s2));
const k1 = crypto.generateKeyPairSync('x25519');
const k2 = crypto.generateKeyPairSync('x25519');
const t1 = crypto.diffieHellman({ privateKey: k1.privateKey, publicKey: k2.publicKey });
console.log(t1.length, t1.equals(crypto.diffieHellman({ privateKey: k2.privateKey, publicKey: k1.publicKey })), k1.publicKey.asymmetricKeyType);
const enc = crypto.generateKeyPairSync('x25519', { publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
console.log(enc.publicKey.split('\n')[0], enc.privateKey.length);
