// objectMode pipe into a slow writer with highWaterMark 1: the source pauses
// on write() === false and resumes on 'drain'.
const { Readable, Writable } = stream;
let i = 0;
const src = new Readable({
  objectMode: true,
  highWaterMark: 2,
  read() {
    i++;
    console.log('src read', i);
    this.push(i <= 4 ? i : null);
  },
});
const sink = new Writable({
  objectMode: true,
  highWaterMark: 1,
  write(chunk, enc, cb) {
    console.log('sink write', chunk);
    setImmediate(() => { console.log('sink done', chunk); cb(); });
  },
});
sink.on('drain', () => console.log('drain'));
src.on('pause', () => console.log('src pause'));
src.on('resume', () => console.log('src resume'));
src.on('end', () => console.log('src end'));
sink.on('finish', () => console.log('sink finish'));
sink.on('close', () => console.log('sink close'));
src.pipe(sink);
