// An empty stream: push(null) right away.
const { Readable, PassThrough } = stream;
const r = new Readable({ read() { console.log('read'); this.push(null); } });
r.on('end', () => console.log('end'));
r.on('close', () => console.log('close'));
r.resume();
process.nextTick(() => console.log('tick 1'));
Promise.resolve().then(() => console.log('promise'));
const p = new PassThrough();
p.on('end', () => console.log('pt end'));
p.on('finish', () => console.log('pt finish'));
p.on('close', () => console.log('pt close'));
p.end();
p.resume();
setImmediate(() => console.log('immediate'));
