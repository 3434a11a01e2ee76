// Frames real Node 24 compressed (printed as hex by zstdCompressSync) decompress to
// their text: with a checksum and the content size, level 19 without the content size
// (a window descriptor instead), a frame of two blocks with a checksum (150000 bytes),
// a stream's frame (no size, then the empty frame Node's stream adds), 'hello' as a raw
// block, the empty frame.
const zlib = require('zlib');
const crypto = require('crypto');
if (typeof zlib.zstdDecompressSync !== 'function') { console.log('no zstd in', process.version.split('.')[0]); return; }
const frames = {
  checksum: '28b52ffd646800b50100d40254686520717569636b2062726f776e20666f78206a756d7073206f76657220746865206c617a7920646f672e200100c581aa2a03e421b1e6',
  level19: '28b52ffd0000b50100d40254686520717569636b2062726f776e20666f78206a756d7073206f76657220746865206c617a7920646f672e200100c581aa2a03',
  twoBlocks: '28b52ffda4f0490200f41900041000070e151c232a31383f464d545b626970777e858c939aa1a8afb6bdc4cbd2d9e0e7eef5fc030a11181f262d343b424950575e656c737a81888f969da4abb2b9c0c7ced5dce3eaf1f8ff060d141b222930373e454c535a61686f767d848b9299a0a7aeb5bcc3cad1d8dfe6edf4fb020910171e252c333a41484f565d646b727980878e959ca3aab1b8bfc6cdd4dbe2e9f0f7fe050c131a21282f363d444b525960676e757c838a91989fa6adb4bbc2c9d0d7dee5ecf3fa01080f161d242b323940474e555c636a71787f868d949ba2a9b0b7bec5ccd3dae1e8eff6fd040b121920272e353c434a51585f666d747b828990979ea5acb3bac1c8cfd6dde4ebf2f981ffa8e1efffbf01e1ef1912f8ffff7f847f3446688cd218a5314a6394c6288d511aa33446698cd218a5314a6394c6288d511aa33446698cd218a5314a63241aa33446698cd218a5314a6394c6288d511aa33446698cd218a5314a6394c6288d511aa33446698cd218a531128d511aa33446698cd218a5314a6394c6288d511aa33446698cd218a5314a6394c6288d511aa33446698cd21889c6288d511aa33446698cd218a5314a6394c6288d511aa33446698cd218a5314a6394c6288d511aa33446698c446394c6288d511aa33446698cd218a5314a6394c6288d511aa33446698cd218a5314a6394c6288d511aa33446a2314a6394c6288d511aa33446698cd218a5314a6394c6288d511aa33446698cd218a5314a6394c6288d511a23d118a5314a6394c6288d511aa33446698cd218a5314a6394c6288d511aa33446698cd218a5314a6394c6288d91688cd218a5314a6394c6288d511aa33446698cd218a5314a6394c6288d511aa33446698cd218a5314a6394c6483446698cd218a5314a6394c6288d511aa33446698cd218a5314a6394c6288d511aa33446698cd218a5314a63241aa33446698cd218a5314a6394c6288d511aa33446698cd218a5314a6394c6288d511aa33446698cd218a531128d511aa33446698cd218a5314a6394c6288d511aa33446698cd218a5314a6394c6288d511aa33446698cd21889c6288d511aa33446698cd218a5314a6394c6288d511aa33446698cd218a5314a6394c6288d511aa33446698c446394c6288d60c4542d00fa0382aa0a550300004b6800e1ebdf0312f8ffffdf81f007dfda87358f6b1ed73eac795cfbb8f671cdc7b58f6b1fd73cae7d5cfbb8e661cdc39a8f6b1fd63eae7db0f678ede39ac7350f6b3cae7d5cfbb8e661ede3dac7b58f6b1ed77c5cfbb8e661cdc39a7da0e8ffb4b8fd42d3e5e7fe01299ce9c7',
  stream: '28b52ffd005871000073747265616d6564206672616d6528b52ffd2000010000',
  hello: '28b52ffd200529000068656c6c6f',
  empty: '28b52ffd2000010000',
};
for (const [name, hex] of Object.entries(frames)) {
  const out = zlib.zstdDecompressSync(Buffer.from(hex, 'hex'));
  console.log(name, out.length, out.length <= 400 ? JSON.stringify(out.toString().slice(0, 50)) : crypto.createHash('sha256').update(out).digest('hex').slice(0, 16));
}
zlib.zstdDecompress(Buffer.from(frames.checksum, 'hex'), (err, out) => {
  console.log('async', err, out.length, out.toString().split('. ').length);
  const d = zlib.createZstdDecompress();
  const parts = [];
  d.on('data', (c) => parts.push(c.length)).on('end', () => console.log('stream chunks', parts.join(','), d.bytesWritten));
  const buf = Buffer.from(frames.twoBlocks, 'hex');
  d.write(buf.subarray(0, 300));
  d.end(buf.subarray(300));
});
