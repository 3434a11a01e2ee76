// zstd's classes are Transform streams: createZstdCompress gives nothing for small
// writes; end(data) queued behind an earlier write ends the frame ('data'), then
// 'finish', and Node's flush adds an empty frame (a second 'data'), 'end' and 'close';
// flush() ends a block early; pipeline through createZstdCompress then
// createZstdDecompress gives the input back; a decompress stream emits 16 KiB chunks
// (or options.chunkSize); a bad stream errors.
const zlib = require('zlib');
const { pipeline, Readable, Writable, Transform } = require('stream');
if (typeof zlib.zstdCompressSync !== 'function') { console.log('no zstd in', process.version.split('.')[0]); return; }
const c = zlib.createZstdCompress();
const events = [];
c.on('data', (d) => events.push('data ' + d.subarray(0, 4).toString('hex')));
c.on('finish', () => events.push('finish'));
c.on('end', () => events.push('end'));
c.on('close', () => {
  console.log(events.join(', '), c.bytesWritten, c instanceof Transform, c instanceof zlib.ZstdCompress);
  const f = zlib.createZstdCompress();
  const parts = [];
  f.on('data', (d) => parts.push(d));
  f.write('first part ');
  f.flush(() => {
    console.log('after flush', parts.length);
    f.end('second part', () => console.log('end callback', parts.length));
    f.on('end', () => {
      console.log('flushed frame', zlib.zstdDecompressSync(Buffer.concat(parts)).toString());
      const out = [];
      pipeline(Readable.from(['abc', 'def', 'ghi']), zlib.createZstdCompress(), zlib.createZstdDecompress(),
        new Writable({ write(ch, e, cb) { out.push(ch.toString()); cb(); } }), (err) => {
          console.log('pipeline', err, out.join(''));
          const d = zlib.createZstdDecompress({ chunkSize: 4096 });
          const sizes = [];
          d.on('data', (x) => sizes.push(x.length)).on('end', () => {
            console.log('chunks', sizes.join(','));
            const bad = zlib.createZstdDecompress();
            bad.on('error', (e) => console.log('error', e.code, e.message, bad.destroyed));
            bad.end(Buffer.from('not zstd at all'));
          });
          d.end(zlib.zstdCompressSync(Buffer.alloc(10000, 'z')));
        });
    });
  });
});
c.write('hello ');
c.end('world'); // queued behind the first write: it ends the frame, the flush adds an empty one
