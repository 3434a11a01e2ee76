// RSA encryption: publicEncrypt/privateDecrypt with OAEP (SHA-1 by default, SHA-256
// asked for) and with PKCS#1 v1.5 padding (refused for decryption by Node 20),
// privateEncrypt/publicDecrypt, and the error
// of a ciphertext that does not decode.
const crypto = require('crypto');
const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
const enc = crypto.publicEncrypt(publicKey, Buffer.from('secret'));
console.log(enc.length, crypto.privateDecrypt(privateKey, enc).toString());
const e2 = crypto.publicEncrypt({ key: publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('x'));
console.log(crypto.privateDecrypt({ key: privateKey, oaepHash: 'sha256' }, e2).toString());
const e3 = crypto.publicEncrypt({ key: publicKey, padding: crypto.constants.RSA_PKCS1_PADDING }, Buffer.from('v15'));
try { console.log(crypto.privateDecrypt({ key: privateKey, padding: crypto.constants.RSA_PKCS1_PADDING }, e3).toString()); } catch (e) { console.log(e.name, e.code, e.message); }
const s = crypto.privateEncrypt(privateKey, Buffer.from('hi'));
console.log(s.length, crypto.publicDecrypt(publicKey, s).toString());
try { crypto.privateDecrypt(privateKey, Buffer.alloc(128, 1)); } catch (e) { console.log(e.code, e.message); }
