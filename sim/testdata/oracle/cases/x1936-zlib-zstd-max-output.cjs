// options.maxOutputLength bounds what zstd gives out: the Sync form throws
// ERR_BUFFER_TOO_LARGE once its output passes it, the async form calls back with that
// error (and no output); the option is checked (>= 1). A DataView and an ArrayBuffer are
// taken as their bytes by the async forms.
const zlib = require('zlib');
if (typeof zlib.zstdCompressSync !== 'function') { console.log('no zstd in', process.version.split('.')[0]); return; }
const packed = zlib.zstdCompressSync(Buffer.alloc(40000, 'a'));
const show = (label, fn) => { try { console.log(label, fn().length); } catch (e) { console.log(label, e.name, e.code, e.message); } };
show('max 100', () => zlib.zstdDecompressSync(packed, { maxOutputLength: 100 }));
show('max 0', () => zlib.zstdDecompressSync(packed, { maxOutputLength: 0 }));
show('max exact', () => zlib.zstdDecompressSync(packed, { maxOutputLength: 40000 }));
show('max string', () => zlib.zstdDecompressSync(packed, { maxOutputLength: '100' }));
zlib.zstdDecompress(packed, { maxOutputLength: 20000 }, (err, out) => {
  console.log('async', err.name, err.code, err.message, out);
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  zlib.zstdDecompress(view, (err, out) => {
    console.log('dataview', err, out.length);
    zlib.zstdCompress(new Uint8Array([104, 105]).buffer, (err, out) => console.log('arraybuffer', err, zlib.zstdDecompressSync(out).toString()));
  });
});
