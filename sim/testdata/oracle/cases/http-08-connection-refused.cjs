// A request to a closed port fails with ECONNREFUSED on the 'error' event.
const http = require('http');
const server = http.createServer();
server.listen(0, () => {
  const port = server.address().port;
  server.close(() => {
    http.get({ port }, () => console.log('unexpected response')).on('error', (err) => console.log('error', err.code));
  });
});
