// A TCP server on 127.0.0.1 (port 0) upper-cases what it receives; the client
// sends one message, reads the reply, ends its side; both sockets and the
// server close. Only order-independent facts are printed, collected and
// reported at the end ('exit').
const net = require('net');
const facts = [];
const server = net.createServer((sock) => {
  sock.setEncoding('utf8');
  sock.on('data', (d) => {
    facts.push('server received: ' + d);
    sock.write(d.toUpperCase());
  });
  sock.on('end', () => { facts.push('server saw end'); sock.end(); });
  sock.on('close', () => {
    facts.push('server socket closed');
    server.close(() => facts.push('server closed'));
  });
});
server.listen(0, '127.0.0.1', () => {
  const port = server.address().port;
  console.log('listening on a number: ' + (typeof port === 'number' && port > 0));
  const client = net.connect(port, '127.0.0.1', () => {
    console.log('client connected');
    client.write('hello');
  });
  client.setEncoding('utf8');
  client.on('data', (d) => {
    console.log('client received: ' + d);
    client.end();
  });
  client.on('end', () => facts.push('client saw end'));
  client.on('close', (hadError) => facts.push('client closed, hadError ' + hadError));
});
process.on('exit', () => {
  for (const f of facts.sort()) console.log(f);
});
