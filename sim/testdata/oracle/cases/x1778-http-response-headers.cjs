// The client's response: status, message, version and the headers Node's server sends
// (the date's value left out: it is the wall clock).
const http = require('http');
const server = http.createServer((req, res) => {
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('X-Count', 3);
  res.setHeader('Set-Cookie', ['a=1', 'b=2']);
  res.end(JSON.stringify({ ok: true }));
});
server.listen(0, () => {
  http.get({ port: server.address().port }, (res) => {
    console.log(res.statusCode, res.statusMessage, res.httpVersion);
    const h = { ...res.headers };
    console.log(typeof h.date);
    delete h.date;
    console.log(h);
    console.log(res.rawHeaders.filter((_, i) => i % 2 === 0));
    let body = '';
    res.on('data', (d) => (body += d));
    res.on('end', () => {
      console.log(JSON.parse(body));
      server.close();
    });
  });
});
