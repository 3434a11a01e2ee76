// Request headers arrive lower-cased.
const http = require('http');
const server = http.createServer((req, res) => {
  console.log(req.headers['x-custom'], req.headers['user-agent'], req.httpVersion);
  res.end();
});
server.listen(0, () => {
  http.get({ port: server.address().port, headers: { 'X-Custom': 'Value', 'User-Agent': 'learner' } }, (res) => {
    res.resume();
    res.on('end', () => server.close());
  });
});
