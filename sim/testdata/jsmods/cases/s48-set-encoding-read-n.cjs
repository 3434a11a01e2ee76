// read(n) across chunks with an encoding set.
const { Readable } = stream;
const r = new Readable({ read() {}, encoding: 'utf8' });
console.log('readableEncoding', r.readableEncoding);
r.push('abc');
r.push('def');
r.push('gh');
r.push(null);
r.once('readable', () => {
  console.log('read(4)', JSON.stringify(r.read(4)), 'length', r.readableLength);
  console.log('read(2)', JSON.stringify(r.read(2)), 'length', r.readableLength);
  console.log('read(5)', JSON.stringify(r.read(5)), 'length', r.readableLength);
  console.log('read()', JSON.stringify(r.read()));
  r.on('end', () => console.log('end'));
  r.resume();
});
