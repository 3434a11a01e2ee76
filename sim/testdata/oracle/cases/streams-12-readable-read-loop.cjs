// Paused mode: 'readable' and read() in a loop.
const { Readable } = require('stream');
const r = Readable.from(['ab', 'cd'], { objectMode: false });
r.on('readable', () => {
  let chunk;
  while ((chunk = r.read()) !== null) console.log('read', chunk.toString());
});
r.on('end', () => console.log('end'));
