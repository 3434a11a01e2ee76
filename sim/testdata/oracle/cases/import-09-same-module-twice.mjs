// Importing the same specifier twice gives the same namespace object.
const a = await import('node:util');
const b = await import('node:util');
console.log(a === b, typeof a.format);
