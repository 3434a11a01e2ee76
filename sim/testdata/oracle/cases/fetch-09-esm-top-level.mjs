// fetch with top-level await in an ES module.
import http from 'node:http';
const server = http.createServer((req, res) => res.end('esm says hi'));
await new Promise((r) => server.listen(0, r));
const res = await fetch(`http://127.0.0.1:${server.address().port}/`);
console.log(await res.text());
server.close();
