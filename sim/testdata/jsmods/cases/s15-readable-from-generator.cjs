const { Readable } = stream;
function* gen() {
  try {
    console.log('gen start');
    yield 'x';
    console.log('gen after x');
    yield 'y';
    console.log('gen after y');
  } finally {
    console.log('gen finally');
  }
}
const r = Readable.from(gen());
r.on('data', (x) => console.log('data', x));
r.on('end', () => console.log('end'));
r.on('close', () => console.log('close'));
const s = Readable.from('whole string');
s.on('data', (x) => console.log('string data', x));
s.on('end', () => console.log('string end'));
const p = Readable.from([Promise.resolve('p1'), 'v2']);
p.on('data', (x) => console.log('promised data', x));
p.on('end', () => console.log('promised end'));
