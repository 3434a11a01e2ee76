// dgram: sending to 'localhost' looks the name up first (dns.lookup in the thread
// pool), while an IP literal is resolved from a tick; an unbound sender binds itself
// (to 0.0.0.0) and emits 'listening'. 'close' comes from a tick.
const dgram = require('dgram');
const a = dgram.createSocket('udp4');
const b = dgram.createSocket('udp4');
let got = 0;
a.on('message', (m) => {
  console.log('a got', m.toString());
  if (++got === 2) { a.close(); b.close(); console.log('closing'); }
});
a.bind({ port: 0, address: '127.0.0.1' }, () => {
  const port = a.address().port;
  b.on('listening', () => console.log('b listening', b.address().address));
  b.send('via name', port, 'localhost', (err) => {
    console.log('sent via name', err);
    setImmediate(() => console.log('immediate after name'));
    b.send('via ip', port, '127.0.0.1', (err) => console.log('sent via ip', err));
    Promise.resolve().then(() => console.log('microtask'));
  });
  Promise.resolve().then(() => console.log('first microtask'));
});
a.on('close', () => console.log('a close'));
b.on('close', () => console.log('b close'));
