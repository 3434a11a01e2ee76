// fetch POST with a JSON body; the server echoes what it received.
const http = require('http');
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => res.end(req.method + ' ' + req.headers['content-type'] + ' ' + body));
});
server.listen(0, async () => {
  const res = await fetch(`http://127.0.0.1:${server.address().port}/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ n: 1 }),
  });
  console.log(await res.text());
  server.close();
});
