// A second server on the port the first one holds fails with EADDRINUSE.
const net = require('net');
const a = net.createServer();
a.listen(0, () => {
  const port = a.address().port;
  const b = net.createServer();
  b.on('error', (err) => {
    console.log('error', err.code, err.syscall);
    a.close(() => console.log('a closed'));
  });
  b.listen(port, () => console.log('b listening?'));
});
