// path.win32 on any platform: backslashes and forward slashes, drive roots, UNC roots,
// parse, relative, resolve from an absolute drive path, toNamespacedPath.
const { win32 } = require('path');
console.log(win32.sep, win32.delimiter, win32.join('C:\\a', '..', 'b'), win32.basename('C:\\x\\y.txt'), win32.basename('C:\\x\\y.txt', '.txt'));
console.log(win32.isAbsolute('C:\\'), win32.isAbsolute('C:'), win32.isAbsolute('\\x'), win32.isAbsolute('x\\y'), win32.isAbsolute('//server/share'));
console.log(win32.normalize('C:/a//b/../c'), win32.normalize('a\\b\\..\\..\\..'), win32.normalize('C:'), win32.normalize('\\\\srv\\share\\x\\..\\y'));
console.log(win32.parse('C:\\dir\\f.txt'), win32.parse('\\\\srv\\share\\f'));
console.log(win32.resolve('C:\\a', 'b'), win32.resolve('C:\\a', 'D:\\x', '..\\y'), win32.relative('C:\\a\\b', 'C:\\a\\c'), win32.relative('C:\\a', 'D:\\b'));
console.log(win32.dirname('C:\\a\\b'), win32.dirname('C:\\'), win32.dirname('C:\\a'), win32.extname('a.b'), win32.toNamespacedPath('C:\\a'), win32.toNamespacedPath('\\\\srv\\share\\x'));
console.log(win32.format({ root: 'C:\\', dir: 'C:\\x', base: 'f.txt' }), win32 === require('path/win32'));
