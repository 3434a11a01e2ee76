// stream/promises pipeline with an async generator as the transform between a source and a sink.
const { pipeline } = require('node:stream/promises');
const { Readable, Writable } = require('node:stream');
const out = [];
const sink = new Writable({
  objectMode: true,
  write(chunk, _enc, cb) {
    out.push(chunk);
    cb();
  },
});
async function* upper(source) {
  for await (const chunk of source) yield String(chunk).toUpperCase();
}
pipeline(Readable.from(['a', 'b', 'c']), upper, sink).then(() => console.log('pipeline done', out.join('')));
