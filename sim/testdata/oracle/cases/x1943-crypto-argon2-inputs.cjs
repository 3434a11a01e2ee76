// Every byte input of crypto.argon2Sync takes a string (UTF-8), a Buffer, a TypedArray,
// a DataView or an ArrayBuffer and derives from its bytes: the same bytes in any form
// give the same key; the secret and the associated data change it; a secret that is not
// bytes is Node's internal assertion.
const crypto = require('crypto');
if (typeof crypto.argon2Sync !== 'function') { console.log('no argon2 in', process.version.split('.')[0]); return; }
const p = (over) => ({ message: 'message!', nonce: 'nonce123', parallelism: 1, tagLength: 16, memory: 16, passes: 1, ...over });
const ref = crypto.argon2Sync('argon2id', p({})).toString('hex');
const bytes = Buffer.from('message!');
const forms = {
  buffer: bytes, uint8: new Uint8Array(bytes), uint16: new Uint16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + 8)),
  dataView: new DataView(new Uint8Array(bytes).buffer), arrayBuffer: new Uint8Array(bytes).buffer,
};
console.log('string', ref);
for (const [name, v] of Object.entries(forms)) console.log(name, crypto.argon2Sync('argon2id', p({ message: v })).toString('hex') === ref);
console.log('nonce forms', crypto.argon2Sync('argon2id', p({ nonce: Buffer.from('nonce123') })).toString('hex') === ref,
  crypto.argon2Sync('argon2id', p({ nonce: new Uint8Array(Buffer.from('nonce123')).buffer })).toString('hex') === ref);
console.log('secret', crypto.argon2Sync('argon2id', p({ secret: 'key' })).toString('hex'));
console.log('associatedData', crypto.argon2Sync('argon2id', p({ associatedData: new Uint8Array([1, 2, 3]) })).toString('hex'));
console.log('both', crypto.argon2Sync('argon2d', p({ secret: Buffer.from('key'), associatedData: 'ad' })).toString('hex'));
console.log('utf8', crypto.argon2Sync('argon2i', p({ message: 'héllo wörld ✓' })).toString('hex'));
try { crypto.argon2Sync('argon2id', p({ secret: 42 })); } catch (e) { console.log('secret number', e.name, e.code, e.message.split('\n')[0]); }
