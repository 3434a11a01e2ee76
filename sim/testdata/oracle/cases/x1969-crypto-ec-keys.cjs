// EC KeyObjects: a fixed P-256 PKCS#8 key exported as PKCS#8, SEC 1 and JWK, its SPKI
// public half; a fixed secp384r1 SEC 1 key read back; crypto.diffieHellman of two fixed
// P-256 keys, and its errors (keys of different types or curves, a public key where a
// private one belongs); generateKeyPairSync('ec') with P-256 naming the curve, and its
// errors. Node 10 has no KeyObject.
const crypto = require('crypto');
if (!crypto.createPrivateKey) {
  const { publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 512, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  console.log('no KeyObject', publicKey.split('\n')[0]);
  return;
}
const pemA = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgXnFVUFaXZrCEOLKX\n4tp+plG/ovAaUop0Zy6XO1F+slOhRANCAARXbAfWwhreYZ/gIfrNS90J+Iz9Axhz\nkvQYF5MTYWkT7dZB8GkthRqMQRoRmZFKf02N53T162rkAKX8NbQqoL3E\n-----END PRIVATE KEY-----\n';
const pemB = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgZo3Vd1GILoEEWNv/\nQn7edjAu8qKM6AMlemZIhvmFag6hRANCAARiIOItMnpv9cBT0A8Soo0x6w5du7ql\nBkVrbCBDdYT4LHqsrWtxykZfR2pnKeZV+lElJZtTd055Npf8xO1564xZ\n-----END PRIVATE KEY-----\n';
const sec1 = '-----BEGIN EC PRIVATE KEY-----\nMIGkAgEBBDD/g5TkANE+zdbuFxUsVIOpT0K4p+jLdP+ud2Nau4F5Jui1U21MUS3U\n57aQHg9gLZugBwYFK4EEACKhZANiAARARerbG0tNEBp/P+5a1LK8botjNMay4oux\njBa/qsEFoPsgTSN0YYVd2vwpkFXLCcgckrYAdNGkF6qJXrMmvEVMOlXdkOHTbiDD\nsZK6igqLhcWCJUBG1YM7FnOsNraVxWQ=\n-----END EC PRIVATE KEY-----\n';
const a = crypto.createPrivateKey(pemA);
console.log(a.asymmetricKeyType, a.asymmetricKeyDetails, a.export({ type: 'pkcs8', format: 'pem' }) === pemA);
console.log(a.export({ type: 'sec1', format: 'pem' }));
console.log(JSON.stringify(a.export({ format: 'jwk' })));
const pubA = crypto.createPublicKey(pemA);
console.log(pubA.export({ type: 'spki', format: 'pem' }), JSON.stringify(pubA.export({ format: 'jwk' })));
const c = crypto.createPrivateKey(sec1);
console.log(c.asymmetricKeyDetails, c.export({ type: 'sec1', format: 'pem' }) === sec1, c.export({ type: 'pkcs8', format: 'der' }).toString('base64'));
console.log(JSON.stringify(crypto.createPublicKey(c).export({ format: 'jwk' })));
const b = crypto.createPrivateKey(pemB);
const s = crypto.diffieHellman({ privateKey: a, publicKey: crypto.createPublicKey(b) });
console.log(s.toString('hex'), s.equals(crypto.diffieHellman({ privateKey: b, publicKey: pubA })), s.equals(crypto.diffieHellman({ privateKey: b, publicKey: a })));
function t(label, f) {
  try { console.log(label, f()); } catch (e) { console.log(label, e.name, e.code, e.message); }
}
t('curves', () => crypto.diffieHellman({ privateKey: a, publicKey: c }));
t('types', () => crypto.diffieHellman({ privateKey: a, publicKey: crypto.generateKeyPairSync('x25519').publicKey }));
t('ed25519', () => { const k = crypto.generateKeyPairSync('ed25519'); return crypto.diffieHellman({ privateKey: k.privateKey, publicKey: k.publicKey }); });
t('public as private', () => crypto.diffieHellman({ privateKey: pubA, publicKey: pubA }));
t('not a key', () => crypto.diffieHellman({ privateKey: 'x', publicKey: pubA }));
try { crypto.diffieHellman(); } catch (e) { console.log('no options', e.code); }
const g = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
const h = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
console.log(g.publicKey.asymmetricKeyDetails, crypto.diffieHellman({ privateKey: g.privateKey, publicKey: h.publicKey }).equals(crypto.diffieHellman({ privateKey: h.privateKey, publicKey: g.publicKey })));
console.log(Object.keys(g.privateKey.export({ format: 'jwk' })).join(), g.privateKey.export({ format: 'jwk' }).d.length);
const p384 = crypto.generateKeyPairSync('ec', { namedCurve: 'secp384r1', publicKeyEncoding: { type: 'spki', format: 'der' }, privateKeyEncoding: { type: 'sec1', format: 'pem' } });
console.log(p384.publicKey.length, p384.privateKey.split('\n')[0]);
t('bad curve', () => crypto.generateKeyPairSync('ec', { namedCurve: 'secp256r1' }));
t('no curve', () => crypto.generateKeyPairSync('ec', {}));
t('no options', () => crypto.generateKeyPairSync('ec'));
