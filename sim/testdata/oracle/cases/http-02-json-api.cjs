// A JSON endpoint and a POST with a JSON body.
const http = require('http');
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const input = JSON.parse(body || '{}');
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ method: req.method, sum: (input.a || 0) + (input.b || 0) }));
  });
});
server.listen(0, () => {
  const req = http.request({ port: server.address().port, method: 'POST', path: '/sum', headers: { 'Content-Type': 'application/json' } }, (res) => {
    let data = '';
    res.on('data', (c) => (data += c));
    res.on('end', () => { console.log(res.statusCode, data); server.close(); });
  });
  req.end(JSON.stringify({ a: 2, b: 3 }));
});
