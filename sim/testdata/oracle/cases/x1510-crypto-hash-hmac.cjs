// Digests and HMAC: createHash with update chains and encodings, copy(), the one-shot
// crypto.hash, SHA-3 and SHAKE lengths, createHmac in several encodings, the errors of
// a finalized hash, an unknown digest and an unknown HMAC digest.
const crypto = require('crypto');
console.log(crypto.createHash('sha256').update('hello').update(' world').digest('hex'));
console.log(crypto.createHash('md5').update('abc').digest('base64'));
console.log(crypto.createHash('sha1').update(Buffer.from('abc')).digest().length);
console.log(crypto.createHash('sha512').update('x').digest('hex').length, crypto.createHash('sha384').update('x').digest('hex').slice(0, 16));
console.log(crypto.createHash('sha224').update('x').digest('hex'), crypto.createHash('sha3-256').update('x').digest('hex').slice(0, 16));
console.log(crypto.createHash('shake256', { outputLength: 8 }).update('x').digest('hex'), crypto.createHash('shake128').update('x').digest('hex'));
console.log(crypto.createHash('sha256').update('héllo', 'latin1').digest('hex').slice(0, 16), crypto.createHash('sha256').update('6869', 'hex').digest('base64url'));
const h = crypto.createHash('sha256').update('a');
const c = h.copy();
console.log(c.update('b').digest('hex').slice(0, 12), h.digest('hex').slice(0, 12));
try { h.digest(); } catch (e) { console.log(e.code, e.message); }
try { h.update('x'); } catch (e) { console.log(e.code, e.message); }
try { crypto.createHash('nope'); } catch (e) { console.log(e.name, e.message); }
console.log(crypto.hash('sha1', 'abc'), crypto.hash('md5', 'abc', 'base64'), crypto.hash('sha256', 'abc', 'buffer').length);
console.log(crypto.createHmac('sha256', 'key').update('message').digest('hex'));
console.log(crypto.createHmac('sha1', Buffer.from('k')).update('m').digest('base64'), crypto.createHmac('sha512', 'k').update('m').digest().length);
const mac = crypto.createHmac('md5', 'k').update('m');
console.log(mac.digest('hex'), JSON.stringify(mac.digest('hex')));
try { crypto.createHmac('nope', 'k'); } catch (e) { console.log(e.name, e.code, e.message); }
console.log(crypto.createHash('sha256') instanceof crypto.Hash, crypto.createHmac('sha256', 'k') instanceof crypto.Hmac);
console.log(['md5', 'sha1', 'sha256', 'sha512', 'sha3-256'].every((n) => crypto.getHashes().includes(n)));
