// AES through createCipheriv/createDecipheriv: CBC with PKCS#7 padding (update gives
// the whole blocks so far), a wrong key's bad decrypt, no padding's wrong final block
// length, GCM with AAD and its tag (a wrong tag fails), CTR as a stream, ECB, the key
// and IV checks, getCipherInfo and getCiphers.
const crypto = require('crypto');
const key = crypto.scryptSync('password', 'salt', 32);
const iv = Buffer.alloc(16, 2);
const ci = crypto.createCipheriv('aes-256-cbc', key, iv);
const a = ci.update('hello world, this is longer than a block', 'utf8', 'hex');
const b = ci.final('hex');
console.log(a, b);
const de = crypto.createDecipheriv('aes-256-cbc', key, iv);
console.log(de.update(a + b, 'hex', 'utf8') + de.final('utf8'));
const show = (label, fn) => { try { console.log(label, fn()); } catch (e) { console.log(label, e.name, e.code, e.message); } };
show('wrong key', () => { const d = crypto.createDecipheriv('aes-256-cbc', Buffer.alloc(32, 9), iv); d.update(a + b, 'hex'); return d.final(); });
show('key length', () => crypto.createCipheriv('aes-256-cbc', Buffer.alloc(5), iv));
show('iv length', () => crypto.createCipheriv('aes-256-cbc', key, Buffer.alloc(5)));
show('unknown', () => crypto.createCipheriv('nope', key, iv));
show('no padding', () => { const c = crypto.createCipheriv('aes-128-cbc', Buffer.alloc(16), Buffer.alloc(16)); c.setAutoPadding(false); c.update('abc'); return c.final(); });
const nonce = Buffer.alloc(12, 3);
const g = crypto.createCipheriv('aes-256-gcm', key, nonce);
g.setAAD(Buffer.from('header'));
const ge = g.update('secret message', 'utf8', 'hex') + g.final('hex');
const tag = g.getAuthTag();
console.log(ge, tag.toString('hex'));
const gd = crypto.createDecipheriv('aes-256-gcm', key, nonce);
gd.setAAD(Buffer.from('header'));
gd.setAuthTag(tag);
console.log(gd.update(ge, 'hex', 'utf8') + gd.final('utf8'));
show('bad tag', () => { const d = crypto.createDecipheriv('aes-256-gcm', key, nonce); d.setAAD(Buffer.from('header')); d.setAuthTag(Buffer.alloc(16)); d.update(ge, 'hex'); return d.final(); });
const ctr = crypto.createCipheriv('aes-128-ctr', Buffer.alloc(16, 1), Buffer.alloc(16));
console.log(ctr.update('abc').toString('hex'), ctr.update('defghijklmnopqrstu').toString('hex'), ctr.final().length);
const ecb = crypto.createCipheriv('aes-128-ecb', Buffer.alloc(16, 1), null);
console.log(ecb.update('x').length, ecb.final('base64'));
console.log(crypto.getCipherInfo('aes-256-gcm'), crypto.getCipherInfo('aes-128-cbc'), crypto.getCiphers().includes('aes-256-cbc'));
