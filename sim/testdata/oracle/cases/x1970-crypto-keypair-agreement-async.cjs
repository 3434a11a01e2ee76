// generateKeyPair for X25519 and EC keys runs on the thread pool: the synchronous rest
// of the program, process.nextTick and promise callbacks come first; util.promisify
// resolves with { publicKey, privateKey }. An unknown curve throws at once.
// crypto.diffieHellman takes a callback from Node 24 (a pool job, after the current
// callback's ticks); Node 20 and 22 return the secret and ignore it. The jobs follow one
// another, so their order is fixed.
const crypto = require('crypto');
const { promisify } = require('util');
if (!crypto.createPrivateKey) {
  crypto.generateKeyPair('ec', { namedCurve: 'prime256v1', publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'sec1', format: 'pem' } }, (err, pub, priv) => console.log('ec callback', err, pub.split('\n')[0], priv.split('\n')[0]));
  console.log('Node 10: no KeyObject');
  return;
}
console.log('start');
promisify(crypto.generateKeyPair)('ec', { namedCurve: 'P-384' }).then(({ publicKey, privateKey }) => {
  console.log('promisified', publicKey.asymmetricKeyDetails.namedCurve, privateKey.type);
  crypto.generateKeyPair('x25519', (err, pub, priv) => {
    console.log('x25519 callback', err, pub.type, priv.asymmetricKeyType);
    crypto.generateKeyPair('ec', { namedCurve: 'secp521r1' }, (err2, pub2, priv2) => {
      console.log('ec callback', err2, priv2.asymmetricKeyDetails.namedCurve, pub2.export({ format: 'jwk' }).crv);
      const r = crypto.diffieHellman({ privateKey: priv2, publicKey: pub2 }, (e, secret) => console.log('diffieHellman callback', e, secret.length));
      console.log('diffieHellman returned', Buffer.isBuffer(r) ? 'a Buffer of ' + r.length : r);
      process.nextTick(() => console.log('tick after diffieHellman'));
    });
    process.nextTick(() => console.log('tick in x25519 callback'));
  });
});
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
try { crypto.generateKeyPair('ec', { namedCurve: 'nope' }, () => console.log('never')); } catch (e) { console.log('thrown', e.code, e.message); }
console.log('end');
