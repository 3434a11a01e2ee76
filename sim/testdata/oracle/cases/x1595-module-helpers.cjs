// node:module's helpers: the node_modules search paths, the require cache, the loader's
// extensions, _resolveFilename of a built-in, findPackageJSON (none above the case),
// source-map support off, findSourceMap undefined, isBuiltin, createRequire.
const m = require('module');
console.log(m._nodeModulePaths('/app/a/b'), m._cache === require.cache, Object.keys(m._extensions), typeof m._pathCache);
console.log(m._resolveFilename('fs'), m.Module === m, m.isBuiltin('node:fs'), m.isBuiltin('nope'), typeof m.createRequire(__filename)('path').join);
console.log(m.getSourceMapsSupport(), m.findSourceMap(__filename), m.syncBuiltinESMExports(), m.flushCompileCache());
console.log(m.constants.compileCacheStatus);
