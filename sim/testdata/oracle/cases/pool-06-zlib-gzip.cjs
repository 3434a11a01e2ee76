// zlib.gzip and gunzip round trip through the pool.
const zlib = require('zlib');
const input = 'hello '.repeat(100);
zlib.gzip(input, (err, zipped) => {
  console.log('gzip', err, zipped.length < input.length);
  zlib.gunzip(zipped, (err, back) => console.log('gunzip', err, back.toString() === input));
});
