// A request body written in three chunks with pauses arrives in three 'data' events,
// sent chunked; the server answers after 'end'.
const http = require('http');
const server = http.createServer((req, res) => {
  console.log('server te', req.headers['transfer-encoding'], req.headers['content-length']);
  req.setEncoding('utf8');
  req.on('data', (d) => console.log('server data', JSON.stringify(d)));
  req.on('end', () => {
    console.log('server end');
    res.end('done');
  });
});
server.listen(0, () => {
  const req = http.request({ port: server.address().port, method: 'POST' }, (res) => {
    res.setEncoding('utf8');
    res.on('data', (d) => console.log('client got', d));
    res.on('end', () => server.close());
  });
  req.write('one,');
  setTimeout(() => req.write('two,'), 30);
  setTimeout(() => req.end('three'), 60);
});
