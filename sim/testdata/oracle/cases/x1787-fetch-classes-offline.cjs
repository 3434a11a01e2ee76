// Headers, Request, Response, FormData and Blob without a network.
(async () => {
  const h = new Headers({ 'X-B': '2', 'x-a': '1' });
  h.append('x-a', '3');
  console.log([...h], h.get('X-A'), h.has('x-c'));
  const res = new Response('{"n":1}', { status: 201, headers: { 'content-type': 'application/json' } });
  console.log(res.status, res.ok, res.headers.get('content-type'), res.bodyUsed);
  console.log(await res.json(), res.bodyUsed);
  const req = new Request('http://example.com/p?q=1', { method: 'POST', body: 'data' });
  console.log(req.method, req.url, await req.clone().text());
  const fd = new FormData();
  fd.append('a', '1');
  fd.append('a', '2');
  fd.set('b', 'x');
  console.log([...fd.entries()], fd.getAll('a'));
  const blob = new Blob(['ab', 'cd'], { type: 'text/plain' });
  console.log(blob.size, blob.type, await blob.text(), await blob.slice(1, 3).text());
  console.log(Response.json({ ok: 1 }).headers.get('content-type'));
})();
