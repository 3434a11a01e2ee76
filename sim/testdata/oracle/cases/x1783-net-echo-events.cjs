// A TCP echo server and its client: the events of both sockets in order.
const net = require('net');
const server = net.createServer((sock) => {
  console.log('server connection');
  sock.on('data', (d) => { console.log('server data', d.toString()); sock.write(d.toString().toUpperCase()); });
  sock.on('end', () => { console.log('server end'); sock.end(); });
  sock.on('close', () => { console.log('server socket close'); server.close(() => console.log('server closed')); });
});
server.listen(0, () => {
  const client = net.connect(server.address().port, () => {
    console.log('client connect');
    client.write('hello');
  });
  client.on('data', (d) => { console.log('client data', d.toString()); client.end(); });
  client.on('end', () => console.log('client end'));
  client.on('close', (hadError) => console.log('client close', hadError));
});
