const { Readable } = stream;
const r = new Readable({ read() {} });
r.setEncoding('utf8');
console.log('encoding', r.readableEncoding);
r.push('hello');
r.push(' there');
r.push(null);
r.once('readable', () => {
  const first = r.read(3);
  console.log('read(3)', typeof first, first);
  r.unshift('HE');
  console.log('after unshift length', r.readableLength);
  r.on('data', (c) => console.log('data', typeof c, JSON.stringify(c)));
  r.on('end', () => console.log('end'));
});
