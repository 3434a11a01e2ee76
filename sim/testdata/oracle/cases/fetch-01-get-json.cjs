// fetch against a local server: status, a header and the JSON body.
const http = require('http');
const server = http.createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ hello: 'world', path: req.url }));
});
server.listen(0, async () => {
  const res = await fetch(`http://127.0.0.1:${server.address().port}/data`);
  console.log(res.status, res.ok, res.headers.get('content-type'));
  console.log(await res.json());
  server.close();
});
