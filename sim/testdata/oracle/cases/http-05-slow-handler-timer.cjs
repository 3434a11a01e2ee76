// A handler that answers after 30 ms: a 10 ms timer set at the request fires first.
const http = require('http');
const server = http.createServer((req, res) => {
  setTimeout(() => console.log('timer 10 in handler'), 10);
  setTimeout(() => res.end('slow answer'), 30);
});
server.listen(0, () => {
  http.get({ port: server.address().port }, (res) => {
    let b = '';
    res.on('data', (c) => (b += c));
    res.on('end', () => { console.log(b); server.close(); });
  });
});
