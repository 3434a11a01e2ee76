// The legacy url API (parse with and without query parsing, format, resolve,
// urlToHttpOptions, file URLs) and node:querystring.
const url = require('url');
const qs = require('querystring');
console.log(url.parse('http://user:pw@Host.COM:8080/p/a/t/h?query=string&a=1#hash', true));
console.log(url.parse('/path?x=1&x=2&y', true));
console.log(url.parse('/plain?x=1').query, url.parse('mailto:a@b.c').host);
console.log(url.format({ protocol: 'https', hostname: 'ex.com', pathname: '/a', query: { q: 'x y' } }), url.format(new URL('http://a.com/?x#y'), { fragment: false }));
console.log(url.resolve('http://a.com/b/c', '../d'), url.resolve('/one/two/three', 'four'), url.resolve('http://example.com/', '/one'), url.resolve('http://example.com/one', '/two'));
console.log(url.urlToHttpOptions(new URL('http://u:p@a.com:81/x?y=1')));
console.log(url.pathToFileURL('/tmp/a b.txt').href, url.fileURLToPath('file:///tmp/a%20b.txt'), url.fileURLToPath(new URL('file:///x/y')));
try { url.fileURLToPath('http://a.com/x'); } catch (e) { console.log(e.code, e.message); }
console.log(qs.parse('a=1&b=2&a=3&c=%20x+y'), qs.stringify({ a: [1, 2], b: 'x y', c: '', d: null }), qs.escape('a b&'), qs.unescape('a%20b'));
console.log(qs.parse('k:v;k2:v2', ';', ':'), qs.stringify({ w: 'é!' }), qs.parse('bad=%E0%A4%A'), qs.decode === qs.parse);
