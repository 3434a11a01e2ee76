// import() from CommonJS returns a promise of the module namespace.
console.log('before import');
import('node:path').then((ns) => {
  console.log('imported', typeof ns.join, typeof ns.default.join);
});
console.log('after import call');
