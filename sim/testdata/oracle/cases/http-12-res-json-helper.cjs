// A small send-JSON helper, and reading a numeric query parameter with URL.
const http = require('http');
const sendJSON = (res, code, obj) => { res.writeHead(code, { 'content-type': 'application/json' }); res.end(JSON.stringify(obj)); };
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const n = Number(url.searchParams.get('n'));
  if (Number.isNaN(n)) return sendJSON(res, 400, { error: 'n must be a number' });
  sendJSON(res, 200, { square: n * n });
});
server.listen(0, () => {
  const port = server.address().port;
  const get = (q) => new Promise((r) => http.get({ port, path: '/?' + q }, (res) => { let b = ''; res.on('data', (c) => (b += c)); res.on('end', () => r(res.statusCode + ' ' + b)); }));
  get('n=7').then((a) => { console.log(a); return get('n=x'); }).then((b) => { console.log(b); server.close(); });
});
