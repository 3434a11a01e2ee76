// zstd's errors are libzstd's (code, errno, message) for bad input: not a frame, a
// checksum that does not match, a reserved header bit, a window too large for the
// decoder, a dictionary the frame wants, a block of the reserved type, a block larger
// than the frame's content; the async form passes the same error. Bad options are
// Node's: a parameter that is not one (ERR_ZSTD_INVALID_PARAM), a value that is not a
// number, a value libzstd refuses (ERR_ZLIB_INITIALIZATION_FAILED), a bad buffer, a
// missing callback.
const zlib = require('zlib');
if (typeof zlib.zstdCompressSync !== 'function') { console.log('no zstd in', process.version.split('.')[0]); return; }
const C = zlib.constants;
const show = (label, fn) => {
  try { const out = fn(); console.log(label, 'ok', out.length); } catch (e) { console.log(label, e.name, e.code, e.errno, e.message); }
};
const ck = zlib.zstdCompressSync('checked text', { params: { [C.ZSTD_c_checksumFlag]: 1 } });
ck[ck.length - 1] ^= 1;
const bad = {
  garbage: Buffer.from('garbage data'),
  short: Buffer.from('abc'),
  checksum: ck,
  reservedBit: Buffer.from('28b52ffd08000000000000', 'hex'),
  window: Buffer.from('28b52ffd00f8290000', 'hex'),
  dictionary: Buffer.from('28b52ffd210700010000', 'hex'),
  reservedBlock: Buffer.from('28b52ffd2000070000', 'hex'),
  tooLong: Buffer.from('28b52ffd20032900006869216869', 'hex'),
};
for (const [name, buf] of Object.entries(bad)) show(name, () => zlib.zstdDecompressSync(buf));
show('windowLogMax', () => zlib.zstdDecompressSync(Buffer.from('28b52ffd00305900006162636465666768696a6b', 'hex'), { params: { [C.ZSTD_d_windowLogMax]: 15 } }));
show('param 999', () => zlib.zstdCompressSync('x', { params: { 999: 1 } }));
show('param abc', () => zlib.zstdCompressSync('x', { params: { abc: 1 } }));
show('param -1', () => zlib.zstdCompressSync('x', { params: { '-1': 1 } }));
show('param 150', () => zlib.zstdCompressSync('x', { params: { 150: 1 } }));
show('value string', () => zlib.zstdCompressSync('x', { params: { [C.ZSTD_c_compressionLevel]: 'high' } }));
show('windowLog 9', () => zlib.zstdCompressSync('x', { params: { [C.ZSTD_c_windowLog]: 9 } }));
show('strategy 10', () => zlib.zstdCompressSync('x', { params: { [C.ZSTD_c_strategy]: 10 } }));
show('level 99', () => zlib.zstdCompressSync('x', { params: { [C.ZSTD_c_compressionLevel]: 99 } }));
show('decompress param', () => zlib.zstdDecompressSync(Buffer.alloc(0), { params: { [C.ZSTD_c_compressionLevel]: 3 } }));
show('windowLogMax 9', () => zlib.zstdDecompressSync(Buffer.alloc(0), { params: { [C.ZSTD_d_windowLogMax]: 9 } }));
show('buffer', () => zlib.zstdCompressSync(42));
show('chunkSize', () => zlib.zstdCompressSync('x', { chunkSize: 10 }));
show('no callback', () => zlib.zstdCompress('x'));
show('class', () => new zlib.ZstdCompress({ params: { 1000: 1 } }));
zlib.zstdDecompress(Buffer.from('not zstd'), (err, out) => {
  console.log('async', err.code, err.errno, err.message, out);
  zlib.zstdDecompress(ck, (err) => console.log('async checksum', err.code, Object.keys(err).join(',')));
});
