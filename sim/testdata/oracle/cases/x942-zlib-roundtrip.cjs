// zlib.gzip then zlib.gunzip (thread pool) round-trips a string; the Sync
// forms run on the main thread and return first.
const zlib = require('zlib');
const input = 'hello looplab '.repeat(3).trim();
zlib.gzip(input, (err, compressed) => {
  console.log('gzip done, gzip magic bytes: ' + compressed[0].toString(16) + ' ' + compressed[1].toString(16));
  zlib.gunzip(compressed, (err2, out) => {
    console.log('gunzip -> ' + out.toString());
  });
});
const syncGz = zlib.gzipSync(input);
console.log('gzipSync is a Buffer: ' + Buffer.isBuffer(syncGz));
console.log('gunzipSync -> ' + zlib.gunzipSync(syncGz).toString());
