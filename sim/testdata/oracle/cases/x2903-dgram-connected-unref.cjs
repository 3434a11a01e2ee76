// dgram: a connected socket sending where nobody listens hears ECONNREFUSED as an
// 'error' (the kernel's port unreachable); an unconnected one loses the datagram
// silently. A bound but unref'd socket does not keep the loop alive; send() takes a
// list of buffers and an offset/length.
const dgram = require('dgram');
const idle = dgram.createSocket('udp4');
idle.bind(0, '127.0.0.1', () => { console.log('idle bound'); idle.unref(); });
const gone = dgram.createSocket('udp4');
gone.bind(0, '127.0.0.1', () => {
  const port = gone.address().port;
  gone.close(() => {
    const lost = dgram.createSocket('udp4');
    lost.send('nobody', port, '127.0.0.1', (err, n) => {
      console.log('unconnected sent', err, n);
      lost.close();
      const c = dgram.createSocket('udp4');
      c.on('error', (e) => { console.log('error', e.code, e.syscall, e.message); c.close(); next(); });
      c.connect(port, '127.0.0.1', () => c.send('ping', (err, n) => console.log('connected sent', err, n)));
    });
  });
});
function next() {
  const r = dgram.createSocket('udp4');
  r.on('message', (m, info) => {
    console.log('got', JSON.stringify(m.toString()), info.size);
    if (m.toString() === 'stop') r.close();
  });
  r.bind(0, '127.0.0.1', () => {
    const s = dgram.createSocket('udp4');
    const port = r.address().port;
    s.send([Buffer.from('ab'), 'cd', new Uint8Array([101])], port, '127.0.0.1', (e, n) => console.log('list sent', n));
    s.send(Buffer.from('xxhelloxx'), 2, 5, port, '127.0.0.1', (e, n) => console.log('slice sent', n));
    s.send('', port, '127.0.0.1', (e, n) => console.log('empty sent', n));
    s.send('stop', port, '127.0.0.1', () => s.close());
  });
}
