// An app: a small JSON API on node:http with routing, a 404, a 400 on bad JSON, and a
// client that calls it in turn with fetch.
const http = require('http');
const items = new Map();
let nextId = 1;
const server = http.createServer(async (req, res) => {
  const send = (status, body) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
  let raw = '';
  for await (const chunk of req) raw += chunk;
  if (req.method === 'POST' && req.url === '/items') {
    let data;
    try { data = JSON.parse(raw); } catch (e) { return send(400, { error: 'bad json' }); }
    const item = { id: nextId++, ...data };
    items.set(item.id, item);
    return send(201, item);
  }
  const m = /^\/items\/(\d+)$/.exec(req.url);
  if (req.method === 'GET' && m) return items.has(+m[1]) ? send(200, items.get(+m[1])) : send(404, { error: 'not found' });
  send(404, { error: 'no route' });
});
server.listen(0, async () => {
  const base = `http://localhost:${server.address().port}`;
  const call = async (method, path, body) => {
    const r = await fetch(base + path, { method, body, headers: body ? { 'content-type': 'application/json' } : {} });
    console.log(method, path, r.status, r.headers.get('content-type'), JSON.stringify(await r.json()));
  };
  await call('POST', '/items', JSON.stringify({ name: 'pen' }));
  await call('POST', '/items', '{oops');
  await call('GET', '/items/1');
  await call('GET', '/items/9');
  await call('DELETE', '/x');
  server.close(() => console.log('closed'));
});
