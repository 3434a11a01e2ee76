// prelude_modules.js: the module system of a simulated process (require, the built-in
// modules' loader and the host object they use), a part of prelude.js loaded on first use.
(function (p) {
  'use strict';
  const { use, hostcall, defineProperty, config, apply } = p;
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
        abortError: (signal) => use('abortError')(signal),
        eventTargetListeners: (target, type) => use('webEvents').listenersOf(target, type),
        // R-V20: from Node 26.12.1 an already aborted signal's abort listener gets the event
        abortListenerEvent: (signal, listener) => (use('hasChange')('R-V20') ? use('webEvents').callWithEvent(signal, 'abort', listener) : listener()),
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
      // loadBuiltin makes a module's exports as the registry says (sim/registry.go, which
      // declares MODULES): a JS file's function, a part of the prelude, a member of another
      // module, another module's exports, or a shape of its own (loader). What Node's module
      // has and these exports lack becomes a refusing stand-in (refuseMissing).
      case 'loadBuiltin': return (bname, cache) => {
        const m = MODULES[bname];
        let exports;
        if (m.part !== undefined) exports = use(m.part);
        else if (m.alias !== undefined) exports = use('builtin')(m.alias);
        else if (m.member !== undefined) {
          const dot = m.member.indexOf('.');
          exports = use('builtin')(m.member.slice(0, dot))[m.member.slice(dot + 1)];
        } else {
          const ex = {};
          cache[bname] = ex;
          switch (m.loader) {
            // events.js and stream.js also run in real Node beside Node's own modules
            // (testdata/jsmods): they take their hooks, and export their classes by name.
            case 'events':
              hostcall(H_factory, m.file)(ex, use('hooks'));
              exports = ex.EventEmitter;
              Object.assign(exports, ex);
              exports.EventEmitter = ex.EventEmitter;
              delete exports.default;
              break;
            case 'stream': {
              const hooks = use('hooks');
              const streamHooks = { nextTick: hooks.nextTick, emitWarning: hooks.emitWarning, abortError: hooks.abortError, Buffer: use('builtin')('buffer').Buffer,
                hasChange: (id) => hostcall(H_hasChange, id), major: use('nodeMajor') };
              hostcall(H_factory, m.file)(ex, streamHooks, use('builtin')('events'));
              // The stream operators came in 17.4 (R-V8: a release has only its own).
              const absentOps = hostcall(H_absentExports, 'Readable.prototype');
              if (absentOps !== undefined) {
                for (const k of absentOps) if (ex.operators.includes(k)) delete ex.Readable.prototype[k];
              }
              exports = ex.Stream || ex;
              if (exports !== ex) Object.assign(exports, ex);
              break;
            }
            case 'stream/promises': {
              const s = use('builtin')('stream'), custom = Symbol.for('nodejs.util.promisify.custom');
              exports = { pipeline: s.pipeline[custom], finished: s.finished[custom] };
              break;
            }
            default: {
              const replaced = hostcall(H_factory, m.file)(ex, use('internals'));
              exports = replaced !== undefined ? replaced : ex;
            }
          }
        }
        cache[bname] = exports;
        if (m.alias === undefined) use('refuseMissing')(bname, exports);
        // A profile is a whole runtime: exports its release lacks are not there (R-V8).
        const absent = hostcall(H_absentExports, bname);
        if (absent !== undefined) for (const k of absent) delete exports[k];
        return exports;
      };
      // refuseMissing(name, exports) gives exports each constant of Node's module it lacks,
      // and a refusing stand-in, made on first read, for each other export it lacks (Go
      // lists Node's exports: nodeapi.go moduleSurface).
      case 'refuseMissing': return (bname, exports) => {
        const lines = hostcall(H_moduleSurface, bname).split('\n');
        for (let i = 0; i < lines.length - 1; i++) {
          const [key, kind, why] = lines[i].split('\t');
          if (key in exports) continue;
          if (kind === 'value') { // a constant of Node's module, as recorded
            defineProperty(exports, key, { value: JSON.parse(why), writable: true, enumerable: true, configurable: true });
            continue;
          }
          defineProperty(exports, key, {
            get() {
              const v = use('refusing')(bname + '.' + key, kind, why);
              defineProperty(exports, key, { value: v, writable: true, enumerable: true, configurable: true });
              return v;
            },
            set(v) { defineProperty(exports, key, { value: v, writable: true, enumerable: true, configurable: true }); },
            enumerable: true, configurable: true,
          });
        }
      };
      // nodeValues(name) is the data exports of Node's module (constants, tables), as
      // recorded from Node (sim/nodeapi).
      case 'nodeValues': return (bname) => JSON.parse(hostcall(H_nodeValues, bname), (k, v) => (v === 'Infinity' ? Infinity : v));
      // makeRequire(path) is the require function of the CommonJS module at path: it
      // resolves relative ids from the module's directory.
      // A file id required before from the same directory is found again without being
      // resolved, while its module is in require.cache (Node's relativeResolveCache): a
      // file removed since is still what require gives.
      case 'makeRequire': return (from) => {
        const dir = from.slice(0, from.lastIndexOf('/'));
        const require = function require(id) {
          if (typeof id !== 'string') throw use('invalidArgType')('id', 'of type string', id);
          const key = dir + '\0' + id;
          const resolved = use('relativeResolveCache');
          const filename = resolved[key];
          if (filename !== undefined) {
            const cached = use('requireCache')[filename];
            if (cached !== undefined) return cached.exports;
            delete resolved[key];
          }
          return hostcall(H_require, id, from, key); // Go resolves: a built-in (builtin), a file (requireFile), or an error
        };
        require.resolve = function resolve(id) {
          if (typeof id !== 'string') throw use('invalidArgType')('request', 'of type string', id);
          return hostcall(H_resolve, id, from);
        };
        require.resolve.paths = (id) => (use('builtin')('module').isBuiltin(id) ? null : [from.slice(0, from.lastIndexOf('/')) + '/node_modules']);
        require.cache = use('requireCache');
        require.main = use('mainModule');
        return require;
      };
      case 'require': return use('makeRequire')(config.filename);
      case 'requireCache': return { __proto__: null };
      case 'relativeResolveCache': return { __proto__: null };
      // The entry module's module object (Go makes it: modules.go startMain).
      case 'mainModule': return undefined;
      // requireFile(path, wrapper, key) runs a file's CommonJS wrapper once: its module stays
      // in require.cache until the program deletes it from there (then it runs again).
      // key, when given, is the directory and id the file was required by (makeRequire).
      case 'requireFile': return (path, fn, key) => {
        if (key !== undefined) use('relativeResolveCache')[key] = path;
        const cache = use('requireCache');
        if (cache[path]) return cache[path].exports;
        const module = { exports: {}, id: path, filename: path, loaded: false };
        cache[path] = module;
        const dirname = path.slice(0, path.lastIndexOf('/')) || '/';
        apply(fn, module.exports, [module.exports, use('makeRequire')(path), module, path, dirname]);
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
