// dgram: a UDP echo on localhost. bind() announces 'listening' from a tick (the address
// is an IP literal), send()'s callback comes from a tick after the datagram went out,
// and each datagram arrives whole as one 'message' in the receiver's poll phase.
const dgram = require('dgram');
const server = dgram.createSocket('udp4');
server.on('message', (msg, rinfo) => {
  console.log('server got', JSON.stringify(msg.toString()), rinfo.address, rinfo.family, rinfo.size);
  server.send(msg.toString().toUpperCase(), rinfo.port, rinfo.address, (err, n) => console.log('echo sent', err, n));
});
server.on('listening', () => {
  const a = server.address();
  console.log('listening', a.address, a.family, typeof a.port);
  const client = dgram.createSocket({ type: 'udp4' }, (msg, rinfo) => {
    console.log('client got', msg.toString(), rinfo.size);
    client.close(() => console.log('client closed'));
    server.close();
  });
  client.on('listening', () => console.log('client listening'));
  client.send('hello', a.port, '127.0.0.1', (err, n) => console.log('sent', err, n));
  client.send(Buffer.from('world'), a.port, '127.0.0.1');
  process.nextTick(() => console.log('tick after send'));
  setImmediate(() => console.log('immediate'));
});
server.on('close', () => console.log('server closed'));
server.bind(0, '127.0.0.1');
console.log('main done');
