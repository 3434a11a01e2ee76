// zlib's bytes for short texts: deflate, deflateRaw and gzip of a few words as base64
// (zlib marks its one block final) and their lengths.
const zlib = require('zlib');
for (const s of ['hello', 'hello world', 'a', '', 'abcdefghijklmnopqrstuvwxyz0123456789', JSON.stringify({ name: 'An', age: 20, tags: ['a', 'b'] })]) {
  console.log(JSON.stringify(s).slice(0, 20), zlib.deflateSync(s).toString('base64'), zlib.deflateRawSync(s).toString('hex'), zlib.gzipSync(s).toString('base64'));
}
zlib.deflate('hello world', (err, out) => console.log('async', err, out.toString('base64'), out.length));
