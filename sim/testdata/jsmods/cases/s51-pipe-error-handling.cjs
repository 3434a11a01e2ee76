// pipe() does not forward errors: a destination error unpipes the source.
const { Readable, Writable } = stream;
const src = new Readable({ objectMode: true, read() {} });
const dst = new Writable({ objectMode: true, write(c, e, cb) { console.log('dst got', c); cb(c === 2 ? new Error('dst broke') : null); } });
dst.on('error', (e) => console.log('dst error', e.message));
dst.on('unpipe', () => console.log('unpipe'));
dst.on('close', () => console.log('dst close'));
src.on('close', () => console.log('src close (never)'));
src.pipe(dst);
src.push(1);
src.push(2);
src.push(3);
setImmediate(() => console.log('src flowing', src.readableFlowing, 'buffered', src.readableLength, 'destroyed', src.destroyed));
