// zlib's formats round trip in every form: gzip/gunzip, deflate/inflate (zlib header),
// deflateRaw/inflateRaw, unzip (either header), brotli; the headers' first bytes; the
// errors of bad input (code, errno, message); crc32.
const zlib = require('zlib');
const text = 'hello looplab, '.repeat(20);
const gz = zlib.gzipSync(text);
const df = zlib.deflateSync(text);
const raw = zlib.deflateRawSync(text);
const br = zlib.brotliCompressSync(text);
console.log(gz.subarray(0, 4).toString('hex'), gz[9], df.subarray(0, 2).toString('hex'), gz.length < text.length, br.length < text.length);
console.log(zlib.gunzipSync(gz).toString() === text, zlib.inflateSync(df).toString() === text, zlib.inflateRawSync(raw).toString() === text);
console.log(zlib.unzipSync(gz).toString() === text, zlib.unzipSync(df).toString() === text, zlib.brotliDecompressSync(br).toString() === text);
console.log(zlib.gunzipSync(zlib.gzipSync(Buffer.alloc(0))).length, zlib.inflateSync(zlib.deflateSync('x', { level: 9 })).toString());
for (const f of ['gunzipSync', 'inflateSync', 'inflateRawSync', 'unzipSync', 'brotliDecompressSync']) {
  try { zlib[f](Buffer.from('garbage data')); } catch (e) { console.log(f, e.code, e.errno, e.message); }
}
try { zlib.gunzipSync(gz.subarray(0, 12)); } catch (e) { console.log('truncated', e.code, e.errno, e.message); }
console.log(zlib.crc32('hello'), zlib.crc32('world', zlib.crc32('hello ')), zlib.crc32(Buffer.from('hello world')));
console.log(zlib.constants.Z_BEST_COMPRESSION, zlib.constants.BROTLI_PARAM_QUALITY, zlib.codes.Z_DATA_ERROR, zlib.codes['-3']);
zlib.deflate(text, (err, out) => {
  console.log('deflate', err, zlib.inflateSync(out).toString() === text);
  zlib.inflate(Buffer.from('nope'), (err) => {
    console.log('inflate error', err.code, err.errno);
    zlib.brotliCompress(text, (err, out) => {
      console.log('brotli', err, zlib.brotliDecompressSync(out).toString() === text);
      zlib.unzip(gz, (err, out) => console.log('unzip', err, out.length));
    });
  });
});
