// A Diffie-Hellman prime longer than OpenSSL's OPENSSL_DH_MAX_MODULUS_BITS (10000) is
// refused before any search: OpenSSL 3's error until Node 20, Node's ERR_INVALID_ARG_VALUE
// from Node 22. (Node 10's OpenSSL 1.1.1 searches for it, for hours: not run there.)
const crypto = require('crypto');
if (process.versions.node.split('.')[0] < 17) { console.log('not run'); return; }
for (const bits of [10001, 20000, 2 ** 31 - 1]) {
  try { crypto.createDiffieHellman(bits); console.log(bits, 'ok'); } catch (e) { console.log(bits, e.name, e.code, e.message); }
}
