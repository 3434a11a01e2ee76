// With both 'readable' and 'data' listeners, 'readable' controls the flow.
const { Readable } = stream;
const r = new Readable({ objectMode: true, read() {} });
r.on('readable', () => {
  console.log('readable event');
  let x;
  while ((x = r.read()) !== null) console.log('read', x);
});
r.on('data', (d) => console.log('data', d));
console.log('flowing', r.readableFlowing);
r.push('a');
r.push('b');
setImmediate(() => {
  r.removeAllListeners('readable');
  process.nextTick(() => console.log('flowing after removing readable', r.readableFlowing));
  setImmediate(() => { r.push('c'); r.push(null); });
});
r.on('end', () => console.log('end'));
