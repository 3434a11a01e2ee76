// Building a Response by hand and reading it.
(async () => {
  const r = new Response(JSON.stringify({ a: 1 }), { status: 201, headers: { 'content-type': 'application/json' } });
  console.log(r.status, r.ok, r.headers.get('content-type'));
  console.log(await r.json());
  console.log(r.bodyUsed);
})();
