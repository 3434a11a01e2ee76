// net's address helpers and the server's address().
const net = require('net');
console.log(net.isIP('127.0.0.1'), net.isIP('::1'), net.isIP('x'), net.isIPv4('1.2.3.4'), net.isIPv6('1.2.3.4'));
const server = net.createServer();
server.listen(0, '127.0.0.1', () => {
  const a = server.address();
  console.log(a.address, a.family, typeof a.port);
  server.getConnections((err, n) => {
    console.log('connections', err, n);
    server.close();
  });
});
