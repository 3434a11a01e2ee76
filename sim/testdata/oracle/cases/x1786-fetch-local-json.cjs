// fetch against a local server: status, headers, JSON body; then a POST with a body.
const http = require('http');
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (d) => (body += d));
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ method: req.method, body, ct: req.headers['content-type'] || null }));
  });
});
server.listen(0, async () => {
  const base = `http://localhost:${server.address().port}`;
  const r1 = await fetch(base + '/a');
  console.log(r1.status, r1.ok, r1.statusText, r1.headers.get('content-type'));
  console.log(await r1.json());
  const r2 = await fetch(base + '/b', { method: 'POST', body: JSON.stringify({ x: 1 }), headers: { 'content-type': 'application/json' } });
  console.log(await r2.json());
  server.close();
});
