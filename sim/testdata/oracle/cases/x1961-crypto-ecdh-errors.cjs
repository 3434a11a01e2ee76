// ECDH's errors: an unknown curve (OpenSSL's names only: not "P-256" or "secp256r1"),
// a curve that is not a string, a private key outside [1, n), keys asked before any
// are made, a public key not on the curve, a secret without a key pair, a bad point
// format, and ECDH.convertKey of a bad point or curve.
const crypto = require('crypto');
function t(label, f) {
  try { console.log(label, f()); } catch (e) { console.log(label, e.name, e.code, e.message); }
}
for (const curve of ['P-256', 'secp256r1', 'bogus']) t(curve, () => crypto.createECDH(curve));
try { crypto.createECDH(5); } catch (e) { console.log('number', e.code); }
const n = 'ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551';
t('zero', () => crypto.createECDH('prime256v1').setPrivateKey(Buffer.alloc(32)));
t('order', () => crypto.createECDH('prime256v1').setPrivateKey(n, 'hex'));
t('too long', () => crypto.createECDH('prime256v1').setPrivateKey('ff'.repeat(33), 'hex'));
t('no public', () => crypto.createECDH('prime256v1').getPublicKey());
t('no private', () => crypto.createECDH('prime256v1').getPrivateKey());
const a = crypto.createECDH('prime256v1');
a.setPrivateKey(Buffer.alloc(32, 3));
t('off curve', () => a.computeSecret(Buffer.from('04' + '00'.repeat(64), 'hex')));
t('short', () => a.computeSecret(Buffer.from('0102', 'hex')));
t('empty', () => a.computeSecret(''));
t('other curve', () => a.computeSecret(crypto.createECDH('secp384r1').setPrivateKey(Buffer.from([9])).getPublicKey()));
t('no pair', () => crypto.createECDH('prime256v1').computeSecret(a.getPublicKey()));
t('format', () => a.getPublicKey('hex', 'bogus'));
t('convert point', () => crypto.ECDH.convertKey(Buffer.from('0102', 'hex'), 'prime256v1'));
t('convert curve', () => crypto.ECDH.convertKey(a.getPublicKey(), 'nope'));
t('convert format', () => crypto.ECDH.convertKey(a.getPublicKey(), 'prime256v1', null, 'hex', 'x'));
