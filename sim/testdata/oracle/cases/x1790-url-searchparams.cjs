// URL's parts and URLSearchParams as a program edits a query.
const u = new URL('https://user:pw@example.com:8080/a/b/../c?x=1&y=two#frag');
console.log(u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash, u.origin);
u.searchParams.append('z', 'a b&c');
u.searchParams.set('x', '9');
u.searchParams.delete('y');
console.log(u.href);
const p = new URLSearchParams('b=2&a=1&b=3');
console.log(p.getAll('b'), p.get('a'), p.has('c'), p.size);
p.sort();
console.log(p.toString(), [...p.keys()]);
console.log(new URLSearchParams({ q: 'é ü', n: 5 }).toString());
console.log(new URL('../x?y#z', 'http://h.com/a/b/c').href, URL.canParse('nope'), URL.canParse('/p', 'http://h'));
try { new URL('not a url'); } catch (e) { console.log(e.name, e.code, e.message); }
console.log(JSON.stringify(new URL('http://EXAMPLE.com:80/%7Efoo')), String(new URL('file:///tmp/a b')));
