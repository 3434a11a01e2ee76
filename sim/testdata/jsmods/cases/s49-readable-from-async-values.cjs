// Readable.from over values that are promises, and a null value.
const { Readable } = stream;
const log = [];
const a = Readable.from(['s1', Promise.resolve('p2'), 's3']);
a.on('data', (d) => console.log('a data', d));
a.on('end', () => console.log('a end'));
a.on('close', () => console.log('a close'));
const c = Readable.from([1, null, 3]);
c.on('data', (d) => console.log('c data', d));
c.on('error', (e) => console.log('c error', e.code));
c.on('close', () => console.log('c close'));
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
