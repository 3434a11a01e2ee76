// Where a zstd frame ends differs by release (R-V25..R-V27): a frame cut short gives its
// whole blocks and no error up to Node 26.5, Z_BUF_ERROR from 26.6 (so does no frame at
// all); two frames in one input give the first up to 26.9, both from 26.10 (a skippable
// frame first gave nothing); bytes after a frame that start none are ignored; from 26.12
// zstdCompress (async) pledges the size, so its header says it as the Sync form's does.
const zlib = require('zlib');
if (typeof zlib.zstdCompressSync !== 'function') { console.log('no zstd in', process.version.split('.')[0]); return; }
const show = (label, buf) => {
  try { const out = zlib.zstdDecompressSync(buf); console.log(label, 'ok', out.length, JSON.stringify(out.toString().slice(0, 24))); } catch (e) { console.log(label, e.code, e.errno, e.message); }
};
const a = zlib.zstdCompressSync('first frame;');
const b = zlib.zstdCompressSync('second frame');
show('whole', a);
show('cut in the block', a.subarray(0, a.length - 3));
show('header only', a.subarray(0, 6));
show('magic only', a.subarray(0, 4));
show('empty', Buffer.alloc(0));
show('two frames', Buffer.concat([a, b]));
show('skippable first', Buffer.concat([Buffer.from('502a4d1803000000010203', 'hex'), b]));
show('trailing bytes', Buffer.concat([a, Buffer.from('not a frame')]));
function asyncForms() {
  zlib.zstdCompress('async frame', (err, out) => {
    console.log('async header', out.subarray(4, 6).toString('hex'), zlib.zstdDecompressSync(out).toString());
    zlib.zstdCompress(Buffer.from('a buffer'), { pledgedSrcSize: 8 }, (err, out) => console.log('pledged', out.subarray(4, 6).toString('hex')));
  });
}
const s = zlib.createZstdDecompress();
const got = [];
s.on('data', (d) => got.push(d.toString()));
s.on('error', (e) => { console.log('stream error', e.code, got.join('')); asyncForms(); });
s.on('end', () => { console.log('stream end', got.join('')); asyncForms(); });
s.write(a);
s.end(b.subarray(0, 5));
