// allowHalfOpen (default true): the readable side ending does not end the
// writable side; close waits for both.
const { Duplex } = stream;
const d = new Duplex({
  read() {},
  write(c, e, cb) { console.log('write', String(c)); cb(); },
  final(cb) { console.log('final'); cb(); },
});
d.on('end', () => console.log('end; writable still', d.writable));
d.on('finish', () => console.log('finish'));
d.on('close', () => console.log('close'));
d.resume();
d.push(null);
setImmediate(() => {
  console.log('writing after readable ended');
  d.write('late');
  d.end();
});
const ro = new Duplex({ writable: false, read() { this.push('only'); this.push(null); } });
ro.on('data', (c) => console.log('ro data', String(c)));
ro.on('close', () => console.log('ro close', ro.writable, ro.writableFinished));
