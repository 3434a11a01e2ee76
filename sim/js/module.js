// module.js: node:module. Its exports are the Module class (which the simulator does not
// let a program construct or patch: it refuses, as it refuses the loader's internals),
// with createRequire, isBuiltin, Node's builtinModules list (recorded from the real
// binary), findPackageJSON, the node_modules search paths and the require cache.
(function (exports, internals) {
  'use strict';
  const { makeError, unsupported, fileURLToPath } = internals;
  const values = internals.nodeValues('module');
  if (values.constants && values.constants.compileCacheStatus) Object.setPrototypeOf(values.constants.compileCacheStatus, null); // as Node's

  function Module() { unsupported('module.Module'); }
  // isBuiltin: a name require() takes, with or without node: (node:test and the other
  // scheme-only modules need it).
  const schemeOnly = ['sea', 'sqlite', 'test', 'test/reporters'];
  function isBuiltin(id) {
    if (typeof id !== 'string') return false;
    if (id.startsWith('node:')) {
      const name = id.slice(5);
      return values.builtinModules.includes(name) || schemeOnly.includes(name);
    }
    return values.builtinModules.includes(id);
  }
  // createRequire(filename): a require that resolves as the module at filename would.
  function createRequire(filename) {
    let path = filename;
    if (filename !== null && typeof filename === 'object' && typeof filename.href === 'string') path = fileURLToPath(filename);
    else if (typeof filename === 'string' && filename.startsWith('file:')) path = fileURLToPath(filename);
    if (typeof path !== 'string' || !path.startsWith('/')) {
      throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE',
        "The argument 'filename' must be a file URL object, file URL string, or absolute path string. Received " + internals.inspect(filename));
    }
    return internals.makeRequire(path);
  }
  // _nodeModulePaths(from): the node_modules folders require() looks in, from's first.
  function nodeModulePaths(from) {
    const parts = String(from).split('/').filter((p) => p !== '');
    const out = [];
    for (let i = parts.length; i >= 0; i--) if (parts[i - 1] !== 'node_modules') out.push('/' + parts.slice(0, i).concat('node_modules').join('/'));
    return out;
  }
  // findPackageJSON(specifier, base): the nearest package.json at or above the folder of
  // a relative specifier (resolved from base) or of an absolute path; undefined if none.
  function findPackageJSON(specifier, base) {
    const path = internals.builtin('path');
    let from = specifier !== null && typeof specifier === 'object' && typeof specifier.href === 'string' ? fileURLToPath(specifier) : String(specifier);
    if (from.startsWith('file:')) from = fileURLToPath(from);
    if (!from.startsWith('/')) {
      if (base === undefined) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'base' must be specified for a relative specifier. Received undefined");
      const b = typeof base === 'string' && base.startsWith('file:') ? fileURLToPath(base) : String(base);
      from = path.resolve(path.dirname(b), from);
    }
    const fs = internals.builtin('fs');
    for (let dir = fs.existsSync(from) && fs.statSync(from).isDirectory() ? from : path.dirname(from); ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'package.json');
      if (fs.existsSync(candidate)) return candidate;
      if (dir === '/') return undefined;
    }
  }
  const loaderInternal = (name) => function () { return unsupported('module.' + name + '()', "the CommonJS loader's internals: patching them is not simulated (require, createRequire and require.resolve are)"); };
  let sourceMaps = { __proto__: null, enabled: false, nodeModules: false, generatedCode: false };
  Object.assign(Module, {
    builtinModules: values.builtinModules, createRequire, isBuiltin, Module, constants: values.constants,
    findPackageJSON,
    _nodeModulePaths: nodeModulePaths,
    _cache: internals.requireCache, _pathCache: { __proto__: null },
    _extensions: { __proto__: null, '.js': loaderInternal("_extensions['.js']"), '.json': loaderInternal("_extensions['.json']"), '.node': loaderInternal("_extensions['.node']") },
    // globalPaths: $HOME's .node_modules and .node_libraries, then the install's lib/node.
    globalPaths: [internals.process.env.HOME + '/.node_modules', internals.process.env.HOME + '/.node_libraries', internals.process.execPath.replace(/\/bin\/node$/, '') + '/lib/node'],
    _resolveFilename(request, parent) { return internals.makeRequire(parent && parent.filename ? parent.filename : internals.process.cwd() + '/[eval]').resolve(request); },
    _initPaths() {}, _preloadModules() {}, _debug() {},
    // The compile cache writes compiled code to disk: a simulated run keeps it disabled.
    enableCompileCache: () => ({ status: values.constants.compileCacheStatus.DISABLED, message: 'Disabled by looplab: a simulated run writes no compile cache' }),
    getCompileCacheDir: () => undefined, flushCompileCache() {},
    getSourceMapsSupport: () => Object.assign({ __proto__: null }, sourceMaps),
    setSourceMapsSupport(enabled, options) {
      if (typeof enabled !== 'boolean') throw internals.invalidArgType('enabled', 'of type boolean', enabled);
      sourceMaps = { __proto__: null, enabled, nodeModules: !!(options && options.nodeModules), generatedCode: !!(options && options.generatedCode) };
    },
    findSourceMap: () => undefined, syncBuiltinESMExports() {},
  });
  Module.prototype = {};
  return Module;
})
