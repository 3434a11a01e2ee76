// fetch to a port nobody listens on rejects with a TypeError whose cause is ECONNREFUSED.
const net = require('net');
const s = net.createServer();
s.listen(0, () => {
  const port = s.address().port;
  s.close(async () => {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
    } catch (e) {
      console.log(e.name, e.message, e.cause && e.cause.code);
    }
  });
});
