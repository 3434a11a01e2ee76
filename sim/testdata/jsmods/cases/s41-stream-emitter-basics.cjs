// Streams are EventEmitters; stream module shape.
const { Readable, Stream, Duplex, PassThrough, Transform } = stream;
const { EventEmitter } = events;
const r = new Readable({ read() {} });
console.log(r instanceof EventEmitter, r instanceof Stream, typeof r.on, typeof r.pipe);
console.log(new PassThrough() instanceof Transform, new Transform() instanceof Duplex);
console.log(typeof stream.finished, typeof stream.pipeline, typeof Readable.from);
r.on('custom', (x) => console.log('custom event', x));
console.log('emit returns', r.emit('custom', 1));
console.log('hwm', r.readableHighWaterMark, new Readable({ objectMode: true }).readableHighWaterMark);
console.log('default hwm', stream.getDefaultHighWaterMark(false), stream.getDefaultHighWaterMark(true));
