// Hash, Hmac and the ciphers are streams too: a file piped into a hash, a hash with an
// encoding read as data, an Hmac written to and ended, and a cipher and decipher in a
// pipeline; each against a tick and an immediate.
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const { pipeline, Readable, Writable } = require('stream');
const file = path.join(require('os').tmpdir(), 'x1994-data.txt');
fs.writeFileSync(file, 'line one\nline two\n'.repeat(50));
fs.createReadStream(file).pipe(crypto.createHash('sha256')).setEncoding('hex').on('data', (hex) => {
  console.log('file sha256:', hex);
  fs.unlinkSync(file);
});
const h = crypto.createHash('md5');
h.on('readable', () => {
  const d = h.read();
  if (d) console.log('md5 read:', d.toString('hex'));
});
h.write('abc');
h.end();
const mac = crypto.createHmac('sha1', 'key');
mac.end('message', () => console.log('hmac finished:', mac.read().toString('base64')));
const key = Buffer.alloc(32, 7);
const iv = Buffer.alloc(16, 1);
const out = [];
pipeline(
  Readable.from(['attack ', 'at ', 'dawn']),
  crypto.createCipheriv('aes-256-cbc', key, iv),
  crypto.createDecipheriv('aes-256-cbc', key, iv),
  new Writable({ write(chunk, enc, cb) { out.push(chunk); cb(); } }),
  (err) => console.log('round trip:', err, Buffer.concat(out).toString()),
);
const c = crypto.createCipheriv('aes-128-ecb', Buffer.alloc(16, 2), null);
c.on('data', (d) => console.log('cipher data bytes:', d.length));
c.on('end', () => console.log('cipher end'));
c.end(Buffer.alloc(20, 3));
console.log('is a stream:', typeof h.pipe, typeof mac.write, crypto.createHash('sha1') instanceof require('stream').Transform);
process.nextTick(() => console.log('tick'));
setImmediate(() => console.log('immediate'));
