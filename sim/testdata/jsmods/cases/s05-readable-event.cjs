// 'readable' mode: read() in a loop; end after the last null read.
const { Readable } = stream;
const r = new Readable({ read() {} });
r.push('hello ');
r.push('world');
setImmediate(() => { console.log('push null'); r.push(null); });
r.on('readable', () => {
  console.log('readable; length', r.readableLength);
  let c;
  while ((c = r.read()) !== null) console.log('read', String(c));
});
r.on('end', () => console.log('end'));
r.on('close', () => console.log('close'));
process.nextTick(() => console.log('nextTick'));
Promise.resolve().then(() => console.log('promise'));
