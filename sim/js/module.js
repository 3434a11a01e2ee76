// module.js: node:module. Its exports are the Module class (which the simulator does not
// let a program construct or patch: it refuses), with createRequire, isBuiltin and
// Node's builtinModules list (recorded from the real binary).
(function (exports, internals) {
  'use strict';
  const { makeError, unsupported, fileURLToPath } = internals;
  const values = internals.nodeValues('module');

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
  Object.assign(Module, { builtinModules: values.builtinModules, createRequire, isBuiltin, Module, constants: values.constants });
  Module.prototype = {};
  return Module;
})
