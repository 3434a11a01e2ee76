// zlib's zstd (Node 22.15+): every form round trips: zstdCompressSync/zstdDecompressSync,
// with options.params (level, checksum, no content size, a window), strings, Buffers,
// TypedArrays and ArrayBuffers; the frame starts with zstd's magic and a header that says
// what the parameters ask (content size, checksum). Compressed lengths are not printed
// (the simulator's encoder is not libzstd's), only what they must be.
const zlib = require('zlib');
if (typeof zlib.zstdCompressSync !== 'function') { console.log('no zstd in', process.version.split('.')[0]); return; }
const C = zlib.constants;
const text = 'hello looplab, '.repeat(40);
const forms = [text, Buffer.from(text), new Uint16Array(300).fill(0x4141), new Uint8Array(100).fill(66).buffer, ''];
for (const f of forms) {
  const out = zlib.zstdCompressSync(f);
  const back = zlib.zstdDecompressSync(out);
  const size = typeof f === 'string' ? Buffer.byteLength(f) : f.byteLength;
  console.log(out.subarray(0, 4).toString('hex'), out[4].toString(16), back.length === size, out.length < size || size < 100);
}
const settings = [
  {}, { [C.ZSTD_c_compressionLevel]: 1 }, { [C.ZSTD_c_compressionLevel]: 19 }, { [C.ZSTD_c_compressionLevel]: -5 },
  { [C.ZSTD_c_checksumFlag]: 1 }, { [C.ZSTD_c_contentSizeFlag]: 0 }, { [C.ZSTD_c_windowLog]: 12, [C.ZSTD_c_contentSizeFlag]: false },
  { [C.ZSTD_c_strategy]: C.ZSTD_btultra2, [C.ZSTD_c_checksumFlag]: true },
];
for (const params of settings) {
  const out = zlib.zstdCompressSync(text, { params });
  const fhd = out[4];
  console.log(JSON.stringify(params), 'checksum', (fhd & 4) === 4, 'single segment', (fhd & 0x20) === 0x20,
    'content size field', fhd >> 6, zlib.zstdDecompressSync(out).toString() === text);
}
const big = Buffer.alloc(300000);
for (let i = 0; i < big.length; i++) big[i] = (i * 7 + (i >> 5)) & 0xff;
const bz = zlib.zstdCompressSync(big, { params: { [C.ZSTD_c_checksumFlag]: 1 } });
console.log('300000 bytes', bz.length < 20000, bz.subarray(5, 9).toString('hex'), zlib.zstdDecompressSync(bz).equals(big));
console.log(zlib.zstdDecompressSync(zlib.zstdCompressSync('x'), { params: { [C.ZSTD_d_windowLogMax]: 10 } }).toString());
console.log(C.ZSTD_e_continue, C.ZSTD_e_flush, C.ZSTD_e_end, C.ZSTD_c_compressionLevel, C.ZSTD_c_checksumFlag, C.ZSTD_d_windowLogMax, C.ZSTD_error_checksum_wrong);
