// node:path (POSIX): parse and format, relative, dirname/basename/extname edge cases,
// normalize and join keeping a trailing slash, resolve from the working directory,
// matchesGlob, the argument check, and posix/win32 as properties of each other.
const path = require('path');
console.log(path.parse('/home/u/file.tar.gz'), path.parse('rel/x'), path.parse('/'), path.parse(''), path.parse('.bashrc'), path.parse('/a/b/'));
console.log(path.format({ dir: '/a', base: 'b.txt' }), path.format({ root: '/', name: 'x', ext: 'js' }), path.format({ name: 'x', ext: '.js' }), path.format({ root: '/r/', base: 'f' }));
console.log(path.relative('/a/b/c', '/a/d'), JSON.stringify(path.relative('/a', '/a')), path.relative('/a/b', '/a/b/c/d'), path.relative('/x/y', '/'));
console.log(path.join('a', '', 'b/', '../c/'), path.normalize('a//b/./c/..'), path.normalize(''), path.join(), path.normalize('/../a/..'), path.normalize('../../x/'), path.join('/a', '../../..', 'b'));
console.log(path.basename('/a/b/'), JSON.stringify(path.basename('a.js', 'a.js')), path.basename('/x/y.txt', '.txt'), path.basename('/x/y.txt', 'txt'), JSON.stringify(path.basename('/')));
console.log(path.extname('a.'), path.extname('.a.b'), JSON.stringify(path.extname('.bashrc')), JSON.stringify(path.extname('..')), path.extname('a/b.c/d'), path.extname('x.tar.gz'));
console.log(path.dirname('a'), path.dirname('/a'), path.dirname('//a//b//'), path.dirname('/a/b/c/'), path.dirname('a/b'), path.dirname('/'));
console.log(path.isAbsolute('/x'), path.isAbsolute('x/'), path.resolve('/a', 'b', '../c'), path.resolve('/a', '/b', 'c/'), path.resolve('/') );
console.log(path.resolve('x') === path.join(process.cwd(), 'x'), path.resolve() === process.cwd());
console.log(path.toNamespacedPath('/x'), path._makeLong('y'), path.matchesGlob('/a/b.js', '/a/*.js'), path.matchesGlob('a/b/c.js', '**/*.js'), path.matchesGlob('x.ts', '*.{js,ts}'), path.matchesGlob('a/b.js', '*.js'));
try { path.join('a', 1); } catch (e) { console.log(e.code, e.message); }
try { path.basename(null); } catch (e) { console.log(e.code, e.message); }
console.log(path.sep, path.delimiter, path.posix === path, path.posix.win32 === path.win32, path.win32.posix === path, path === require('path/posix'));
