// options.maxOutputLength bounds what the convenience forms of gzip, deflate and brotli
// give out (Node 14.5 on; Node 10 ignores it): past it they throw ERR_BUFFER_TOO_LARGE,
// compressing as well as decompressing, and the async form calls back with it; the
// option is checked (>= 1 and <= buffer.kMaxLength, per release).
const zlib = require('zlib');
const show = (label, fn) => {
  try { console.log(label, 'ok', fn().length > 0); } catch (e) { console.log(label, e.name, e.code, e.message); }
};
const zeros = Buffer.alloc(100);
show('gunzip max 10', () => zlib.gunzipSync(zlib.gzipSync(zeros), { maxOutputLength: 10 }));
show('gunzip max 100', () => zlib.gunzipSync(zlib.gzipSync(zeros), { maxOutputLength: 100 }));
show('inflate max 0', () => zlib.inflateSync(zlib.deflateSync(zeros), { maxOutputLength: 0 }));
show('inflateRaw max string', () => zlib.inflateRawSync(zlib.deflateRawSync(zeros), { maxOutputLength: '10' }));
show('deflate max 5', () => zlib.deflateSync(Buffer.alloc(1000, 'abc'), { maxOutputLength: 5 }));
show('brotli max 10', () => zlib.brotliDecompressSync(zlib.brotliCompressSync(zeros), { maxOutputLength: 10 }));
show('unzip max 99', () => zlib.unzipSync(zlib.gzipSync(zeros), { maxOutputLength: 99 }));
zlib.gunzip(zlib.gzipSync(zeros), { maxOutputLength: 99 }, (e, r) => {
  console.log('async', e && e.name, e && e.code, e && e.message, r && r.length);
});
