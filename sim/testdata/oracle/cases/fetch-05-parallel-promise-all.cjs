// Three fetches in parallel with Promise.all; results in input order although they finish in reverse.
const http = require('http');
const server = http.createServer((req, res) => setTimeout(() => res.end(req.url.slice(1)), Number(req.url.slice(1))));
server.listen(0, async () => {
  const base = `http://127.0.0.1:${server.address().port}/`;
  const texts = await Promise.all([60, 30, 10].map((ms) => fetch(base + ms).then((r) => r.text())));
  console.log(texts);
  server.close();
});
