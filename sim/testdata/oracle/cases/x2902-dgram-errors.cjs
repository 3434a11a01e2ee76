// dgram: argument and state errors are Node's: a bad type, a second bind, using a closed
// socket, remoteAddress() before connect; connect() then send() without an address.
const dgram = require('dgram');
try { dgram.createSocket('udp5'); } catch (e) { console.log(e.code, e.message); }
const s = dgram.createSocket('udp4');
try { s.remoteAddress(); } catch (e) { console.log(e.code, e.message); }
try { s.send('x', 70000, '127.0.0.1'); } catch (e) { console.log(e.code, e.message); }
s.bind(0, '127.0.0.1', () => {
  try { s.bind(0); } catch (e) { console.log(e.code, e.message); }
  const peer = dgram.createSocket('udp4');
  peer.bind(0, '127.0.0.1', () => {
    peer.on('message', (m, r) => {
      console.log('peer got', m.toString(), r.port === s.address().port);
      peer.close();
      s.close(() => {
        console.log('closed');
        try { s.send('y', 1, '127.0.0.1'); } catch (e) { console.log(e.code, e.message); }
      });
    });
    s.connect(peer.address().port, '127.0.0.1', () => {
      const r = s.remoteAddress();
      console.log('connected', r.address, r.family, r.port === peer.address().port);
      try { s.connect(1); } catch (e) { console.log(e.code, e.message); }
      try { s.send('z', 1, '127.0.0.1'); } catch (e) { console.log(e.code, e.message); }
      s.send('over connection', (err, n) => console.log('sent', err, n));
    });
  });
});
