// A Readable stream is async-iterable: for await reads its chunks.
const { Readable } = require('node:stream');
const r = Readable.from(['alpha', 'beta', 'gamma']);
(async () => {
  const seen = [];
  for await (const chunk of r) seen.push(chunk);
  console.log(seen.join(' '), r.destroyed);
})();
