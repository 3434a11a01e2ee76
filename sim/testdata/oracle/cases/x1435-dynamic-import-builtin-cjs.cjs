// import() of a built-in from a CommonJS module gives its namespace, with the default export.
import('node:path').then((ns) => {
  console.log('join', ns.join('a', 'b'));
  console.log('default is the module', ns.default === require('node:path'));
  console.log('sep', ns.sep);
});
console.log('import() returned', typeof import('node:util').then);
