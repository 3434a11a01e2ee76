// fetch resolves on a 404: ok is false, nothing is thrown.
const http = require('http');
const server = http.createServer((req, res) => { res.statusCode = 404; res.end('nope'); });
server.listen(0, async () => {
  const res = await fetch(`http://127.0.0.1:${server.address().port}/x`);
  console.log(res.status, res.ok, res.statusText, await res.text());
  server.close();
});
