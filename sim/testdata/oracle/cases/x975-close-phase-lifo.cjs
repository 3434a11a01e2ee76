const net = require('net');
const conns = [];
const server = net.createServer(s => {
  conns.push(s);
  if (conns.length === 2) {
    server.close();
    setTimeout(() => {
      conns[0].on('close', () => console.log('close s0'));
      conns[1].on('close', () => console.log('close s1'));
      conns[0].destroy();
      conns[1].destroy();
      console.log('destroyed both');
    }, 5);
  }
});
server.listen(0, () => {
  for (let i = 0; i < 2; i++) { const c = net.connect(server.address().port); c.on('error', () => {}); }
});
