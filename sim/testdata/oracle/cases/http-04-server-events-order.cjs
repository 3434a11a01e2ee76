// The order of 'listening', 'request', the response's 'finish' and the server's 'close'.
const http = require('http');
const server = http.createServer();
server.on('listening', () => console.log('listening'));
server.on('request', (req, res) => {
  console.log('request');
  res.on('finish', () => console.log('response finish'));
  res.end('ok');
});
server.on('close', () => console.log('server close'));
server.listen(0, () => {
  http.get({ port: server.address().port }, (res) => {
    res.resume();
    res.on('end', () => { console.log('client end'); server.close(); });
  });
});
