// A Hash piped into: the digest it pushes at the end is readable after pipeline(), and
// digest() then gives the same digest once more; an Hmac likewise.
const crypto = require('crypto');
const { pipeline, Readable, Writable } = require('stream');
const hash = crypto.createHash('sha256');
pipeline(Readable.from(['hello ', 'world']), hash, (err) => {
  console.log('done', err);
  console.log(hash.read().toString('hex').slice(0, 16));
  console.log(hash.digest('hex').slice(0, 16));
  try { hash.digest('hex'); } catch (e) { console.log(e.code); }
  const hmac = crypto.createHmac('sha256', 'key');
  hmac.setEncoding('hex');
  let out = '';
  pipeline(Readable.from(['abc']), hmac, new Writable({ write(c, e, cb) { out += c; cb(); } }), (err) => {
    console.log('hmac', err, out.slice(0, 16));
  });
});
