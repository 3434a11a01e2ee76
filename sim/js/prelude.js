// prelude.js: the Node globals of a simulated process (process, console, timers,
// queueMicrotask, require, Buffer, URL, performance, busy) on top of the Go host.
//
// One function expression, called once per run with (hostcall, global, config); it
// returns the functions Go calls (api below). hostcall(H_name, ...args) is the one Go
// host function: the H_ constants are prepended to this file by the Go side (host.go
// hostOps), which keeps the two in step.
//
// Nothing is built before a program reaches it: each part is a case of make(name), built
// by use(name) on first use and kept; the globals are accessors that build their value
// on first read and then become data properties, as Node's lazy globals do.
(function (hostcall, global, config) {
  'use strict';

  const made = { __proto__: null };
  const use = (name) => {
    const v = made[name];
    return v !== undefined ? v : (made[name] = make(name));
  };
  const apply = Reflect.apply;
  const defineProperty = Object.defineProperty;
  const OrigDate = Date;
  const startUS = 30000; // process uptime when the main module starts, as in a real start
  const nowUS = () => hostcall(H_nowUS);
  let resolvedPromise = null; // the resolved promise queueMicrotask chains on
  let promiseThen = Promise.prototype.then;
  let processEmits = false; // process became an EventEmitter (a listener was added)

  // ---- virtual time: Date and Math.random follow the simulation ------------------------
  const Date_ = function Date(...args) {
    if (new.target === undefined) return new OrigDate(config.epochMS + nowUS() / 1000).toString();
    if (args.length === 0) return Reflect.construct(OrigDate, [config.epochMS + Math.floor(nowUS() / 1000)], new.target);
    return Reflect.construct(OrigDate, args, new.target);
  };
  Object.setPrototypeOf(Date_, OrigDate);
  defineProperty(Date_, 'prototype', { value: OrigDate.prototype });
  defineProperty(Date_, 'length', { value: 7 });
  defineProperty(OrigDate.prototype, 'constructor', { value: Date_, writable: true, configurable: true });
  defineProperty(Date_, 'now', { value: function now() { return config.epochMS + Math.floor(nowUS() / 1000); }, writable: true, configurable: true });
  defineProperty(global, 'Date', { value: Date_, writable: true, configurable: true });

  const make = (name) => {
    switch (name) {
      // ---- errors with Node's codes ----------------------------------------------------
      case 'makeError': return (Ctor, code, message, props) => {
        const e = new Ctor(message);
        defineProperty(e, 'code', { value: code, enumerable: true, configurable: true, writable: true });
        if (props) Object.assign(e, props);
        return e;
      };
      case 'describe': return (v) => {
        if (v === null) return 'null';
        if (v === undefined) return 'undefined';
        if (typeof v === 'function') return 'function ' + (v.name || '<anonymous>');
        if (typeof v === 'object') {
          if (v.constructor && v.constructor.name) return 'an instance of ' + v.constructor.name;
          return use('inspect')(v, { depth: -1 });
        }
        let s = use('inspect')(v, { colors: false });
        if (s.length > 28) s = s.slice(0, 25) + '...';
        if (typeof v === 'string') s = "'" + v.slice(0, 25) + (v.length > 25 ? "'..." : "'");
        return 'type ' + typeof v + ' (' + s + ')';
      };
      case 'invalidArgType': return (argName, expected, actual) => use('makeError')(TypeError, 'ERR_INVALID_ARG_TYPE',
        'The "' + argName + '" argument must be ' + expected + '. Received ' + use('describe')(actual));
      case 'validateFunction': return (fn, argName) => {
        if (typeof fn !== 'function') throw use('invalidArgType')(argName, 'of type function', fn);
      };
      case 'unsupported': return (what) => hostcall(H_unsupported, what);
      case 'resolved': return () => resolvedPromise || (resolvedPromise = Promise.resolve());

      // ---- formatting (util.inspect, util.format) ----------------------------------------
      case 'inspector': return hostcall(H_inspector); // the inspect package's API (Go installs it)
      case 'inspect': return use('inspector').inspect;
      case 'format': return use('inspector').format;

      // ---- the host object the built-in modules use --------------------------------------
      case 'host': {
        const host = { __proto__: null };
        for (const [k, op] of hostcall(H_opNames)) host[k] = (...a) => hostcall(op, ...a);
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

      // ---- timers --------------------------------------------------------------------------
      case 'Timeout': {
        class Timeout {
          #id;
          constructor(after, cb, args, repeat) {
            this.#id = 0;
            after *= 1; // R-T1, lib/internal/timers.js
            if (!(after >= 1 && after <= 2147483647)) after = 1;
            this._idleTimeout = after;
            this._onTimeout = cb;
            this._timerArgs = args;
            this._repeat = repeat ? after : null;
            this._destroyed = false;
          }
          #refed = true;
          ref() { this.#refed = true; hostcall(H_timerRef, this.#id, true); return this; }
          unref() { this.#refed = false; hostcall(H_timerRef, this.#id, false); return this; }
          hasRef() { return this.#refed; }
          refresh() { hostcall(H_timerRefresh, this.#id, this); return this; }
          close() { hostcall(H_clearTimer, this.#id); this._destroyed = true; return this; }
          [Symbol.toPrimitive]() { return this.#id; }
          static idOf(t) { return #id in t ? t.#id : undefined; }
          static arm(t, id) { t.#id = id; return t; }
        }
        return Timeout;
      }
      case 'Immediate': {
        class Immediate {
          #id;
          constructor(cb, args) {
            this.#id = 0;
            this._onImmediate = cb;
            this._argv = args;
            this._destroyed = false;
          }
          #refed = true;
          ref() { this.#refed = true; hostcall(H_immediateRef, this.#id, true); return this; }
          unref() { this.#refed = false; hostcall(H_immediateRef, this.#id, false); return this; }
          hasRef() { return this.#refed; }
          static idOf(t) { return #id in t ? t.#id : undefined; }
          static arm(t, id) { t.#id = id; return t; }
        }
        return Immediate;
      }
      case 'setTimeout': return function setTimeout(callback, after, ...args) {
        if (typeof callback !== 'function') use('validateFunction')(callback, 'callback');
        const Timeout = use('Timeout');
        const t = new Timeout(after, callback, args.length ? args : undefined, false);
        return Timeout.arm(t, hostcall(H_setTimer, t, callback, after, args, false));
      };
      case 'setInterval': return function setInterval(callback, repeat, ...args) {
        if (typeof callback !== 'function') use('validateFunction')(callback, 'callback');
        const Timeout = use('Timeout');
        const t = new Timeout(repeat, callback, args.length ? args : undefined, true);
        return Timeout.arm(t, hostcall(H_setTimer, t, callback, repeat, args, true));
      };
      case 'setImmediate': return function setImmediate(callback, ...args) {
        if (typeof callback !== 'function') use('validateFunction')(callback, 'callback');
        const Immediate = use('Immediate');
        const im = new Immediate(callback, args.length ? args : undefined);
        return Immediate.arm(im, hostcall(H_setImmediate, im, callback, args));
      };
      case 'clearTimer': return function clearTimeout(t) {
        if (t === null || t === undefined) return;
        if (typeof t === 'object') {
          const id = use('Timeout').idOf(t);
          if (id !== undefined) { hostcall(H_clearTimer, id); t._destroyed = true; }
        } else if (typeof t === 'number' || typeof t === 'string') hostcall(H_clearTimer, Number(t));
      };
      case 'clearImmediate': return function clearImmediate(im) {
        if (im && typeof im === 'object') {
          const id = use('Immediate').idOf(im);
          if (id !== undefined) { hostcall(H_clearImmediate, id); im._destroyed = true; }
        }
      };
      case 'queueMicrotask': return function queueMicrotask(callback) {
        if (typeof callback !== 'function') use('validateFunction')(callback, 'callback');
        apply(promiseThen, use('resolved')(), [function queueMicrotask() {
          try {
            callback();
          } catch (e) {
            hostcall(H_uncaught, e, 'uncaughtException');
          }
        }]);
      };
      case 'nextTick': return function nextTick(callback, ...args) {
        if (typeof callback !== 'function') use('validateFunction')(callback, 'callback');
        hostcall(H_nextTick, callback, args);
      };
      case 'timers': return defineProperty({ // node:timers (builtin caches it)
        setTimeout: use('setTimeout'), setInterval: use('setInterval'), setImmediate: use('setImmediate'),
        clearTimeout: use('clearTimer'), clearInterval: use('clearTimer'), clearImmediate: use('clearImmediate'), promises: undefined,
      }, 'promises', { get: () => use('builtin')('timers/promises'), enumerable: true });

      // ---- console -------------------------------------------------------------------------
      case 'groupIndent': return { value: '' };
      case 'print': return (fd, args) => { hostcall(H_log, fd, use('groupIndent').value, ...args); };
      case 'fmtDuration': return (us) => {
        const ms = us / 1000;
        if (ms >= 1000) return (ms / 1000).toFixed(3) + 's';
        return ms.toFixed(3) + 'ms';
      };
      case 'console': {
        const print = use('print');
        const counts = { __proto__: null };
        const timers = { __proto__: null };
        const group = use('groupIndent');
        const console = {
          log: function log(...a) { print(1, a); },
          warn: function warn(...a) { print(2, a); },
          dir: function dir(v, options) { hostcall(H_write, 1, use('inspector').consoleDir(v, options)); },
          time: function time(label = 'default') { timers[label] = nowUS(); },
          timeEnd: function timeEnd(label = 'default') {
            const t = timers[label];
            if (t !== undefined) { delete timers[label]; print(1, [label + ': ' + use('fmtDuration')(nowUS() - t)]); }
          },
          timeLog: function timeLog(label = 'default', ...a) {
            const t = timers[label];
            if (t !== undefined) print(1, [label + ': ' + use('fmtDuration')(nowUS() - t)].concat(a));
          },
          trace: function trace(...a) {
            const msg = a.length ? apply(use('format'), undefined, a) : '';
            print(2, ['Trace' + (msg ? ': ' + msg : '') + '\n' + hostcall(H_stackLines)]);
          },
          assert: function assert(cond, ...a) {
            if (!cond) print(2, a.length ? ['Assertion failed: ' + apply(use('format'), undefined, a)] : ['Assertion failed']);
          },
          count: function count(label = 'default') {
            const n = (counts[label] || 0) + 1;
            counts[label] = n;
            print(1, [label + ': ' + n]);
          },
          countReset: function countReset(label = 'default') { delete counts[label]; },
          group: function group_(...a) { if (a.length) print(1, a); group.value += '  '; },
          groupEnd: function groupEnd() { group.value = group.value.slice(2); },
          table: function table(data, properties) { hostcall(H_write, 1, use('inspector').consoleTable(data, properties)); },
          debug: function debug(...a) { print(1, a); },
          info: function info(...a) { print(1, a); },
          dirxml: function dirxml(...a) { print(1, a); },
          error: function error(...a) { print(2, a); },
          groupCollapsed: function groupCollapsed(...a) { if (a.length) print(1, a); group.value += '  '; },
        };
        return console;
      }

      // ---- process -------------------------------------------------------------------------
      case 'process': {
        const process = {
          title: 'node',
          version: config.version,
          versions: config.versions,
          arch: 'x64',
          platform: 'linux',
          release: config.release,
          argv: config.argv,
          execArgv: [],
          env: config.env,
          pid: 4242,
          ppid: 4241,
          execPath: '/usr/local/bin/node',
          exitCode: undefined,
          argv0: 'node',
          config: { variables: {} },
          features: {},
          _exiting: false,
        };
        const emitterMethods = ['on', 'addListener', 'once', 'prependListener', 'prependOnceListener', 'off',
          'removeListener', 'removeAllListeners', 'setMaxListeners', 'getMaxListeners', 'listeners',
          'rawListeners', 'eventNames', 'listenerCount'];
        // process is an EventEmitter, but loading events.js costs more than most programs
        // need: until a listener is added its emitter methods are stand-ins that turn it
        // into one.
        const base = {
          nextTick: use('nextTick'),
          exit: use('exit'),
          reallyExit: (code) => hostcall(H_exit, code | 0),
          abort: () => hostcall(H_exit, 134),
          cwd: () => config.dirname,
          uptime: () => (nowUS() + startUS) / 1e6,
          hrtime: use('hrtime'),
          memoryUsage: use('memoryUsage'),
          cpuUsage: () => ({ user: nowUS(), system: 0 }),
          resourceUsage: () => ({ userCPUTime: nowUS(), systemCPUTime: 0 }),
          emitWarning: use('emitWarning'),
          emit: function emit() { return false; },
          get stdout() { return use('stdio')(1); },
          get stderr() { return use('stdio')(2); },
        };
        for (const k of ['chdir', 'binding', 'kill', 'dlopen', 'setuid', 'setgid']) base[k] = () => hostcall(H_unsupported, 'process.' + k + '()');
        for (const m of emitterMethods) {
          base[m] = function (...a) {
            use('processEmitter');
            return apply(process[m], process, a);
          };
        }
        Object.setPrototypeOf(process, base);
        made.process = process; // processEmitter needs it while it is being made
        return process;
      }
      case 'processEmitter': { // the first listener: process becomes an EventEmitter
        const process = use('process');
        const events = use('builtin')('events');
        const base = Object.getPrototypeOf(process);
        for (const k of Object.keys(base)) {
          if (k === 'emit' || events.EventEmitter.prototype[k] !== undefined) delete base[k];
        }
        Object.setPrototypeOf(base, events.EventEmitter.prototype);
        apply(events.EventEmitter.init, process, []);
        processEmits = true;
        return true;
      }
      case 'exit': return function exit(code) {
        const process = use('process');
        if (code !== undefined) process.exitCode = code;
        if (!process._exiting) {
          process._exiting = true;
          hostcall(H_setExiting);
          process.emit('exit', process.exitCode | 0);
        }
        hostcall(H_exit, process.exitCode | 0);
      };
      case 'hrtime': {
        const hrtime = function hrtime(prev) {
          const ns = (nowUS() + startUS) * 1000;
          let s = Math.floor(ns / 1e9);
          let n = ns % 1e9;
          if (Array.isArray(prev)) {
            s -= prev[0];
            n -= prev[1];
            if (n < 0) { s -= 1; n += 1e9; }
          }
          return [s, n];
        };
        hrtime.bigint = () => BigInt(nowUS() + startUS) * 1000n;
        return hrtime;
      }
      case 'memoryUsage': {
        const memoryUsage = () => ({ rss: 45 * 1048576, heapTotal: 6 * 1048576, heapUsed: 4 * 1048576, external: 1048576, arrayBuffers: 16384 });
        memoryUsage.rss = () => 45 * 1048576;
        return memoryUsage;
      }
      case 'emitWarning': return function emitWarning(warning, type) {
        const wname = typeof type === 'string' ? type : (warning && warning.name) || 'Warning';
        const msg = typeof warning === 'string' ? warning : (warning && warning.message);
        const process = use('process');
        hostcall(H_write, 2, '(node:' + process.pid + ') ' + wname + ': ' + msg);
        if (processEmits) {
          const w = typeof warning === 'string' ? Object.assign(new Error(msg), { name: wname }) : warning;
          process.nextTick(() => process.emit('warning', w));
        }
      };
      case 'stdio': return (fd) => {
        const key = fd === 1 ? 'stdoutStream' : 'stderrStream';
        if (made[key] === undefined) {
          made[key] = {
            write(s, enc, cb) {
              hostcall(H_write, fd, String(s).replace(/\n$/, ''));
              if (typeof enc === 'function') cb = enc;
              if (typeof cb === 'function') use('nextTick')(cb);
              return true;
            },
            isTTY: false, fd, columns: 80,
          };
        }
        return made[key];
      };
      case 'unhandledRejectionError': return (reason) => {
        let shown;
        try { shown = use('inspect')(reason); } catch (e) { shown = String(reason); }
        return use('makeError')(Error, 'ERR_UNHANDLED_REJECTION',
          'This error originated either by throwing inside of an async function without a catch block, ' +
          'or by rejecting a promise which was not handled with .catch(). The promise rejected with the reason "' + shown + '".');
      };

      // ---- other globals ---------------------------------------------------------------------
      case 'busy': return function busy(ms) { hostcall(H_busy, ms); };
      case 'performance': return {
        now: () => (nowUS() + startUS) / 1000,
        timeOrigin: config.epochMS - startUS / 1000, // Date.now() when the process started
        mark() {}, measure() {},
        toJSON() { return { timeOrigin: this.timeOrigin }; },
      };
      case 'Buffer': return use('builtin')('buffer').Buffer;
      case 'URL': return use('builtin')('url').URL;
      case 'URLSearchParams': return use('builtin')('url').URLSearchParams;
      case 'TextEncoder': return use('builtin')('util').TextEncoder;
      case 'TextDecoder': return use('builtin')('util').TextDecoder;
      case 'structuredClone': return function structuredClone(v) { return JSON.parse(JSON.stringify(v)); };
      case 'fetch': return use('builtin')('http').fetch;
      case 'MessageChannel': return use('builtin')('worker_threads').MessageChannel;
      case 'MessagePort': return use('builtin')('worker_threads').MessagePort;
      default: return undefined;
    }
  };

  // ---- the globals ----------------------------------------------------------------------
  // A lazy global is an accessor until first read, then a data property with Node's
  // attributes. Unsimulated ones end the run with unsupported_api instead of the
  // ReferenceError real Node would never throw.
  const lazyGlobal = (name, part, enumerable) => {
    defineProperty(global, name, {
      get() {
        const v = use(part);
        defineProperty(global, name, { value: v, writable: true, enumerable, configurable: true });
        return v;
      },
      set(v) { defineProperty(global, name, { value: v, writable: true, enumerable, configurable: true }); },
      enumerable, configurable: true,
    });
  };
  defineProperty(global, 'global', { value: global, writable: true, enumerable: true, configurable: true });
  for (const n of ['clearImmediate', 'setImmediate', 'clearInterval', 'clearTimeout', 'setInterval', 'setTimeout', 'queueMicrotask', 'structuredClone', 'fetch']) {
    lazyGlobal(n, n === 'clearInterval' || n === 'clearTimeout' ? 'clearTimer' : n, true);
  }
  for (const n of ['process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'TextEncoder', 'TextDecoder', 'MessageChannel', 'MessagePort']) lazyGlobal(n, n, false);
  lazyGlobal('performance', 'performance', true);
  defineProperty(global, 'busy', { get: () => use('busy'), configurable: false, enumerable: false });
  // The ES-module wrappers of built-ins get their exports through it (modules.go).
  defineProperty(global, '__looplab_builtin', { value: (name) => use('builtin')(name), configurable: false, enumerable: false, writable: false });
  // V8's AggregateError from Promise.any carries this message; the engine leaves it empty.
  defineProperty(AggregateError.prototype, 'message', { value: 'All promises were rejected', writable: true, configurable: true });
  for (const n of config.unsimulatedGlobals) {
    defineProperty(global, n, { get: () => hostcall(H_unsupported, 'the global ' + n), configurable: true, enumerable: false });
  }

  // ---- what Go calls ----------------------------------------------------------------------
  return {
    use,
    // emit(name, ...args) is process.emit, false until process is an emitter.
    emit: (...a) => processEmits && apply(use('process').emit, use('process'), a),
    listenerCount: (name) => (processEmits ? use('process').listenerCount(name) : 0),
    // exitCode() reads process.exitCode (undefined when process was never made).
    exitCode: () => (made.process === undefined ? undefined : made.process.exitCode),
    setExitCode: (c) => { use('process').exitCode = c; },
    setExiting: () => { if (made.process !== undefined) made.process._exiting = true; },
    builtin: (name) => use('builtin')(name),
    requireFile: (path, fn) => use('requireFile')(path, fn),
    require: () => use('require'),
    unhandledRejectionError: (reason) => use('unhandledRejectionError')(reason),
  };
})
