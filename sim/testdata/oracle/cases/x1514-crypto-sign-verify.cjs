// Key pairs and signatures: Ed25519 and RSA from generateKeyPairSync (KeyObjects, or PEM
// strings with the encodings), sign/verify one-shot and through createSign/createVerify,
// a tampered message fails, createPublicKey/createPrivateKey from PEM, the details,
// generateKeyPair's callback, and an unreadable key.
const crypto = require('crypto');
const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
console.log(publicKey.type, publicKey.asymmetricKeyType, privateKey.type, publicKey.asymmetricKeyDetails, publicKey.export({ type: 'spki', format: 'pem' }).split('\n')[0]);
const sig = crypto.sign(null, Buffer.from('msg'), privateKey);
console.log(sig.length, crypto.verify(null, Buffer.from('msg'), publicKey, sig), crypto.verify(null, Buffer.from('msh'), publicKey, sig));
const r = crypto.generateKeyPairSync('rsa', { modulusLength: 1024, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
console.log(typeof r.publicKey, r.publicKey.split('\n')[0], r.privateKey.split('\n')[0]);
const s = crypto.createSign('SHA256');
s.update('data');
const sg = s.sign(r.privateKey, 'hex');
const v = crypto.createVerify('SHA256');
v.update('data');
console.log(sg.length, v.verify(r.publicKey, sg, 'hex'));
const pk = crypto.createPublicKey(r.publicKey);
console.log(pk.type, pk.asymmetricKeyType, pk.asymmetricKeyDetails);
const prk = crypto.createPrivateKey(r.privateKey);
console.log(prk.asymmetricKeyDetails, crypto.createPublicKey(prk).type, crypto.verify('sha256', Buffer.from('x'), pk, crypto.sign('sha256', Buffer.from('x'), prk)));
console.log(privateKey.export({ format: 'pem', type: 'pkcs8' }).split('\n').length, prk.export({ type: 'pkcs1', format: 'pem' }).split('\n')[0]);
try { crypto.sign('sha256', Buffer.from('x'), 'not a key'); } catch (e) { console.log(e.code, e.message); }
crypto.generateKeyPair('ed25519', (err, pub, priv) => console.log('async', err, pub.type, priv.type));
