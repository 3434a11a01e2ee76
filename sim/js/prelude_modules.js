// prelude_modules.js: the module system of a simulated process (require, the built-in
// modules' loader and the host object they use), a part of prelude.js loaded on first use.
(function (p) {
  'use strict';
  const { use, hostcall, defineProperty } = p;
  return (name) => {
    switch (name) {
      // ---- the host object the built-in modules use --------------------------------------
      case 'host': {
        const host = makeHostObject(hostcall); // the operations by name (host.go jsHostObject)
        defineProperty(host, 'tracing', { get: () => hostcall(H_tracing) });
        return host;
      }
      case 'internals': return new Proxy({ __proto__: null }, { get: (_, key) => (typeof key === 'string' ? use(key) : undefined) });

      // ---- module system -------------------------------------------------------------------
      case 'hooks': return {
        nextTick: use('nextTick'),
        emitWarning: (msg, type) => use('process').emitWarning(msg, type),
      };
      case 'builtinCache': return { __proto__: null };
      // builtin(name) is a built-in module's exports, by its name without node:.
      case 'builtin': return (bname) => {
        const cache = use('builtinCache');
        const cached = cache[bname];
        if (cached !== undefined) return cached;
        hostcall(H_internal, 1); // loading a built-in costs no virtual time
        try {
          return use('loadBuiltin')(bname, cache);
        } finally {
          hostcall(H_internal, -1);
        }
      };
      case 'loadBuiltin': return (bname, cache) => {
        let exports;
        switch (bname) {
          case 'process': exports = use('process'); break;
          case 'console': exports = use('console'); break;
          case 'timers': exports = use('timers'); break;
          case 'events': {
            const ex = {};
            cache[bname] = ex;
            hostcall(H_factory, 'events')(ex, use('hooks'));
            exports = ex.EventEmitter;
            Object.assign(exports, ex);
            exports.EventEmitter = ex.EventEmitter;
            break;
          }
          case 'stream': {
            const ex = {};
            cache[bname] = ex;
            const hooks = use('hooks');
            const streamHooks = { nextTick: hooks.nextTick, emitWarning: hooks.emitWarning, Buffer: use('builtin')('buffer').Buffer };
            hostcall(H_factory, 'stream')(ex, streamHooks, use('builtin')('events'));
            exports = ex.Stream || ex;
            if (exports !== ex) Object.assign(exports, ex);
            break;
          }
          case 'fs/promises': exports = use('builtin')('fs').promises; break;
          case 'dns/promises': exports = use('builtin')('dns').promises; break;
          case 'stream/promises': {
            const s = use('builtin')('stream'), custom = Symbol.for('nodejs.util.promisify.custom');
            exports = { pipeline: s.pipeline[custom], finished: s.finished[custom] };
            break;
          }
          default: {
            const ex = {};
            cache[bname] = ex;
            const replaced = hostcall(H_factory, bname)(ex, use('internals'));
            exports = replaced !== undefined ? replaced : ex;
          }
        }
        // A profile is a whole runtime: exports its release lacks are not there (R-V8).
        const absent = hostcall(H_absentExports, bname);
        if (absent !== undefined) for (const k of absent) delete exports[k];
        cache[bname] = exports;
        return exports;
      };
      case 'require': {
        const require = function require(id) {
          if (typeof id !== 'string') throw use('invalidArgType')('id', 'of type string', id);
          return hostcall(H_require, id); // Go resolves: a built-in (builtin), a file (requireFile), or an error
        };
        require.resolve = function resolve(id) { return id; };
        require.cache = { __proto__: null };
        return require;
      }
      case 'fileModules': return { __proto__: null };
      // requireFile(path, wrapper) runs a scenario file's CommonJS wrapper once.
      case 'requireFile': return (path, fn) => {
        const fileModules = use('fileModules');
        if (fileModules[path]) return fileModules[path].exports;
        const module = { exports: {}, id: path, filename: path, loaded: false };
        fileModules[path] = module;
        const dirname = path.slice(0, path.lastIndexOf('/')) || '/';
        apply(fn, module.exports, [module.exports, use('require'), module, path, dirname]);
        module.loaded = true;
        return module.exports;
      };
      case 'fileURLToPath': return (p) => {
        if (p && typeof p === 'object' && typeof p.href === 'string') {
          if (p.protocol !== 'file:') throw use('makeError')(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
          return decodeURIComponent(p.pathname);
        }
        if (typeof p === 'string' && p.startsWith('file://')) return decodeURIComponent(p.slice(7));
        return p;
      };

      default: return undefined;
    }
  };
})
