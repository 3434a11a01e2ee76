// zlib's classes are Transform streams: createGzip gives its 10-byte header on the first
// write and the rest at the end; pipeline through createGzip then createGunzip gives the
// input back; createDeflate/createInflate and the Brotli pair too; a bad stream errors.
const zlib = require('zlib');
const { pipeline, Readable, Writable } = require('stream');
const g = zlib.createGzip();
const sizes = [];
g.on('data', (d) => sizes.push(d.length));
g.on('end', () => {
  console.log('gzip chunks', sizes.length, sizes[0]);
  const parts = [];
  pipeline(Readable.from(['abc', 'def', 'ghi']), zlib.createGzip(), zlib.createGunzip(),
    new Writable({ write(c, e, cb) { parts.push(c.toString()); cb(); } }), (err) => {
      console.log('pipeline', err, parts.join(''));
      const d = zlib.createDeflate();
      const out = [];
      d.on('data', (c) => out.push(c));
      d.on('end', () => {
        const all = Buffer.concat(out);
        console.log('deflate', all.subarray(0, 2).toString('hex'), zlib.inflateSync(all).toString());
        const b = zlib.createBrotliCompress();
        const bo = [];
        b.on('data', (c) => bo.push(c)).on('end', () => {
          console.log('brotli', zlib.brotliDecompressSync(Buffer.concat(bo)).toString());
          const bad = zlib.createGunzip();
          bad.on('error', (e) => console.log('error', e.code, e.message));
          bad.end(Buffer.from('not gzip at all'));
        });
        b.end('brotli text');
      });
      d.end('deflated');
    });
});
g.write('hello');
setTimeout(() => g.end(' world'), 20);
console.log(zlib.createGzip() instanceof require('stream').Transform, typeof zlib.Gzip);
