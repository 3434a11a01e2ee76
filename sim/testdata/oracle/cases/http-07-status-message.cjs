// statusCode and statusMessage on the client, set by the server.
const http = require('http');
const server = http.createServer((req, res) => {
  res.writeHead(201, 'Made It', { 'X-Id': '7' });
  res.end();
});
server.listen(0, () => {
  http.get({ port: server.address().port }, (res) => {
    console.log(res.statusCode, res.statusMessage, res.headers['x-id']);
    res.resume();
    res.on('end', () => server.close());
  });
});
