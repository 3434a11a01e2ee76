// The WHATWG URL: parts of a full URL, default ports dropped, hosts lower-cased, dot
// segments and percent-encoding, relative references against a base, opaque URLs,
// searchParams kept in step with search, setters, canParse, invalid input, inspection.
const { URL: U, URLSearchParams: P } = require('url');
console.log(U === URL, P === URLSearchParams);
const u = new URL('HTTP://User:Pw@Example.COM:80/a/./b/../c d?x=1&y=two words#frag ment');
console.log(u.href);
console.log(u.protocol, u.username, u.password, u.host, u.hostname, JSON.stringify(u.port), u.pathname, u.search, u.hash, u.origin);
console.log(new URL('https://a.com:8443').port, new URL('https://a.com').pathname, new URL('http://127.1/').hostname);
for (const [rel, base] of [['../x?q', 'http://a.com/b/c/d'], ['/root', 'http://a.com/b/c'], ['?only', 'http://a.com/p?old#h'], ['#f', 'http://a.com/p?q'], ['//other.org/p', 'https://a.com/'], ['d.txt', 'file:///home/u/c.txt']]) {
  console.log(new URL(rel, base).href);
}
const m = new URL('mailto:someone@example.com?subject=hi');
console.log(m.protocol, m.pathname, m.search, m.origin, m.host === '');
const s = new URL('http://a.com/?a=1&b=2&a=3');
console.log(s.searchParams.get('a'), s.searchParams.getAll('a'), s.searchParams.has('b'), s.searchParams.size);
s.searchParams.append('c', 'x y&z');
s.searchParams.delete('b');
console.log(s.search, s.href);
s.search = '?k=v';
console.log(s.searchParams.get('k'), [...s.searchParams.keys()]);
s.pathname = '/new path'; s.hash = 'h'; s.port = '8080'; s.hostname = 'b.org';
console.log(s.href);
console.log(URL.canParse('nope'), URL.canParse('/x', 'http://a'), typeof URL.parse);
try { new URL('/relative'); } catch (e) { console.log(e.name, e.code, e.message, e.input); }
try { new URL('http://exa mple.com'); } catch (e) { console.log(e.code); }
console.log(u);
console.log(JSON.stringify({ u: new URL('http://a.com') }), String(new URL('http://a.com/x')));
const p = new URLSearchParams({ b: '2', a: '1 2' });
p.sort();
console.log(p.toString(), new URLSearchParams([['x', '1'], ['y', '2']]).toString(), new URLSearchParams('?q=%20a+b&e=').get('q'));
console.log(p, new URLSearchParams());
