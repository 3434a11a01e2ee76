const { Readable } = stream;
const r = new Readable({ objectMode: true, read() {} });
r.push(1); r.push(2); r.push(3);
r.on('pause', () => console.log('pause event'));
r.on('resume', () => console.log('resume event'));
r.on('data', (c) => {
  console.log('data', c);
  if (c === 1) {
    r.pause();
    console.log('paused', r.isPaused(), r.readableFlowing);
    setImmediate(() => { console.log('resuming'); r.resume(); });
  }
});
r.on('end', () => console.log('end'));
setTimeout(() => { r.push(4); r.push(null); }, 5);
