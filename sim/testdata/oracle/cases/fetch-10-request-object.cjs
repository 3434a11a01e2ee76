// A Request object: method, url, headers.
const req = new Request('http://example.test/path?q=1', { method: 'PUT', headers: { 'x-a': 'b' } });
console.log(req.method, req.url, req.headers.get('x-a'));
const u = new URL(req.url);
console.log(u.pathname, u.searchParams.get('q'));
