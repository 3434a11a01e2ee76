// @threadpool: 1
// zlib.zstdCompress takes two pool round trips (the write, then the end with
// ZSTD_e_end); zstdDecompress of 70000 bytes one per 16 KiB of output (Node's output
// buffer) and one for the end: with one thread, a pbkdf2 queued after each runs between
// the round trips and calls back first.
const zlib = require('zlib');
const crypto = require('crypto');
if (typeof zlib.zstdCompressSync !== 'function') { console.log('no zstd in', process.version.split('.')[0]); return; }
const big = Buffer.alloc(70000, 'abcdefgh');
const packed = zlib.zstdCompressSync(big);
zlib.zstdCompress('hello world', (err, out) => {
  console.log('compress done', err, out.subarray(0, 4).toString('hex'));
  zlib.zstdDecompress(packed, (err, out) => console.log('decompress done', err, out.length));
  crypto.pbkdf2('secret', 'salt', 1, 16, 'sha256', () => console.log('pbkdf2 after decompress'));
});
crypto.pbkdf2('secret', 'salt', 1, 16, 'sha256', () => console.log('pbkdf2 done'));
console.log('queued', zlib.zstdDecompressSync(packed).length);
