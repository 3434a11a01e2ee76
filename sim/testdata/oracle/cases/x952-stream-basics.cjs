// Readable -> PassThrough -> Writable pipeline: data flows asynchronously
// (nothing is written during the synchronous part), chunks keep their order,
// then 'end' on the readable and 'finish' on the writable.
const { Readable, Writable, PassThrough } = require('stream');
const source = Readable.from(['alpha', 'beta', 'gamma']);
const middle = new PassThrough();
const got = [];
const sink = new Writable({
  write(chunk, enc, cb) {
    got.push(chunk.toString());
    cb();
  },
});
source.on('end', () => console.log('source end'));
sink.on('finish', () => console.log('sink finish: ' + got.join(' ')));
source.pipe(middle).pipe(sink);
console.log('sync end, written so far: ' + got.length);
