// prelude.js: the Node globals of a simulated process (process, console, timers,
// queueMicrotask, require, Buffer, URL, performance, busy) on top of the Go host.
// One function expression, called once per run with (host, global, guards, aggregate);
// it returns what Go needs: the trampoline and use(name).
//
// Nothing is built before a program reaches it. A function object costs the engine about
// a microsecond and eight allocations in every run, and most programs touch a handful of
// the ~80 below, so each one is a case of make(name), built by use(name) on first use and
// kept. The globals reach use through Go (host.go lazyGlobals, the global object's
// prototype); the built-in modules through internals (lazyobjects.go). Go makes the
// objects whose members are made lazily (process, console, Timeout, Immediate) and the
// functions programs call most (nodeapi.go).
(function (host, global, guards, aggregate) {
  'use strict';

  // The engine builds each built-in on first use, and a program may never need them: the
  // prelude touches as few as it can. FunctionApply.call(f, self, args) calls f without
  // Reflect or the iterator protocol, and Function.prototype.apply is read from a
  // function's prototype chain, not from the Function constructor; null-prototype objects
  // are { __proto__: null }, not Object.create(null).
  const made = { __proto__: null };
  const use = (name) => {
    const v = made[name];
    return v !== undefined ? v : (made[name] = make(name));
  };
  const FunctionApply = use.apply;
  // State shared by the parts below (plain values: no object until one is needed).
  let resolvedPromise = null; // the resolved promise queueMicrotask chains on
  let PromiseThen = null; // Promise.prototype.then as the program found it
  let emitterProto = null; // EventEmitter.prototype once process became an emitter
  const startUS = 30000; // process uptime when the main module starts, as in a real start

  const make = (name) => {
    switch (name) {
      // The parts most programs reach come first (a switch tests its cases in order).
      case 'queueMicrotask': return function queueMicrotask(callback) {
        if (typeof callback !== 'function') use('validateFunction')(callback, 'callback');
        if (host.tracing) host.markMicro('queueMicrotask'); // the trace's label
        if (PromiseThen === null) PromiseThen = Promise.prototype.then;
        FunctionApply.call(PromiseThen, use('resolved')(), [() => {
          try {
            callback();
          } catch (e) {
            host.uncaught(e, 'uncaughtException');
          }
        }]);
      };

      // ---- errors with Node's codes ------------------------------------------------
      case 'makeError': return (Ctor, code, message, props) => {
        const e = new Ctor(message);
        Object.defineProperty(e, 'code', { value: code, enumerable: true, configurable: true, writable: true });
        if (props) Object.assign(e, props);
        return e;
      };
      case 'describe': return (v) => {
        if (v === null) return 'null';
        if (v === undefined) return 'undefined';
        if (typeof v === 'function') return 'function ' + (v.name || '<anonymous>');
        if (typeof v === 'object') {
          if (v.constructor && v.constructor.name) return 'an instance of ' + v.constructor.name;
          return host.inspect(v);
        }
        let s = host.inspect(v);
        if (s.length > 28) s = s.slice(0, 25) + '...';
        if (typeof v === 'string') s = "'" + v + "'";
        return 'type ' + typeof v + ' (' + s + ')';
      };
      case 'invalidArgType': return (argName, expected, actual) => use('makeError')(TypeError, 'ERR_INVALID_ARG_TYPE',
        'The "' + argName + '" argument must be ' + expected + '. Received ' + use('describe')(actual));
      case 'validateFunction': return (fn, argName) => {
        if (typeof fn !== 'function') throw use('invalidArgType')(argName, 'of type function', fn);
      };
      case 'unsupported': return (what) => { host.unsupported(what); };
      case 'resolved': return () => resolvedPromise || (resolvedPromise = Promise.resolve());

      // ---- module system -----------------------------------------------------------
      case 'config': return host.config(); // file names, argv, env (hostapi.go hConfig)
      case 'hooks': return {
        nextTick: host.make('nextTick'), // process.nextTick itself (nodeapi.go)
        emitWarning: (msg, type) => use('process').emitWarning(msg, type),
      };
      case 'internals': return host.make('internals'); // what the built-in modules see: host and every part by name
      case 'builtinCache': return { __proto__: null };
      // builtin(name) is a built-in module's exports, by its name without node:.
      case 'builtin': return (bname) => {
        const cache = use('builtinCache');
        const cached = cache[bname];
        if (cached !== undefined) return cached;
        let exports;
        switch (bname) {
          case 'process': exports = use('process'); break;
          case 'console': exports = use('console'); break;
          case 'timers': exports = use('timers'); break;
          case 'events': {
            const ex = {};
            cache[bname] = ex;
            host.factory('events')(ex, use('hooks'));
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
            host.factory('stream')(ex, streamHooks, use('builtin')('events'));
            exports = ex.Stream || ex;
            if (exports !== ex) Object.assign(exports, ex);
            break;
          }
          case 'fs': exports = host.make('fs'); break; // Go's lazy exports (fsapi.go)
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
            const replaced = host.factory(bname)(ex, use('internals'));
            exports = replaced !== undefined ? replaced : ex;
          }
        }
        cache[bname] = exports;
        return exports;
      };
      case 'require': return host.make('require'); // Go's (nodeapi.go nRequire)
      case 'fileModules': return { __proto__: null };
      case 'requireFile': return (id) => {
        const fileModules = use('fileModules');
        let path = id;
        if (fileModules[path]) return fileModules[path].exports;
        let fn = host.loadModule(path);
        if (fn === undefined && !/\.[cm]?js$/.test(path)) { path += '.js'; fn = host.loadModule(path); }
        if (fn === undefined) host.notFound(id);
        if (fileModules[path]) return fileModules[path].exports;
        const module = { exports: {}, id: path, loaded: false };
        fileModules[path] = module;
        const dirname = use('config').dirname;
        const file = path.startsWith('/') ? path : dirname + '/' + path.replace(/^\.\//, '');
        FunctionApply.call(fn, module.exports, [module.exports, use('require'), module, file, dirname]);
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

      // ---- process -------------------------------------------------------------------
      // Go makes process (lazyobjects.go): its properties are made on first access, by
      // processProperty below, and the first listener makes it an EventEmitter.
      case 'process': return host.make('process');
      case 'noListeners': return () => false;
      case 'emitterProto': { // the first listener: process becomes an EventEmitter
        const events = use('builtin')('events');
        emitterProto = events.EventEmitter.prototype;
        host.processIsEmitter(emitterProto);
        events.EventEmitter.init.call(use('process'));
        return emitterProto;
      }
      case 'exit': return function exit(code) {
        const process = use('process');
        if (code !== undefined) process.exitCode = code;
        if (!process._exiting) {
          process._exiting = true;
          host.setExiting();
          process.emit('exit', process.exitCode | 0);
        }
        host.exit(process.exitCode | 0);
      };
      // processProperty builds the rarely used parts of process on first access (nextTick
      // and the emitter methods are Go's: lazyobjects.go processProps).
      case 'processProperty': return (key) => {
        switch (key) {
          case 'env': return use('config').env;
          case 'argv': return use('config').argv;
          case 'exit': return use('exit');
          case 'title': return 'node';
          case 'version': return 'v20.20.2';
          case 'versions': return { node: '20.20.2', uv: '1.46.0', v8: '11.3.244.8-node.38', modules: '115' };
          case 'arch': return 'x64';
          case 'platform': return 'linux';
          case 'release': return { name: 'node', lts: 'Iron' };
          case 'pid': return 4242;
          case 'ppid': return 4241;
          case 'execPath': return '/usr/local/bin/node';
          case 'execArgv': return [];
          case 'argv0': return 'node';
          case 'config': return { variables: {} };
          case 'features': return {};
          case 'reallyExit': return (code) => host.exit(code | 0);
          case 'abort': return () => host.exit(134);
          case 'cwd': return () => use('config').dirname;
          case 'uptime': return () => (host.nowUS() + startUS) / 1e6;
          case 'hrtime': {
            const hrtime = function hrtime(prev) {
              const ns = (host.nowUS() + startUS) * 1000;
              let s = Math.floor(ns / 1e9);
              let n = ns % 1e9;
              if (Array.isArray(prev)) {
                s -= prev[0];
                n -= prev[1];
                if (n < 0) { s -= 1; n += 1e9; }
              }
              return [s, n];
            };
            hrtime.bigint = () => BigInt(host.nowUS() + startUS) * 1000n;
            return hrtime;
          }
          case 'memoryUsage': {
            const memoryUsage = () => ({ rss: 45 * 1048576, heapTotal: 6 * 1048576, heapUsed: 4 * 1048576, external: 1048576, arrayBuffers: 16384 });
            memoryUsage.rss = () => 45 * 1048576;
            return memoryUsage;
          }
          case 'cpuUsage': return () => ({ user: host.nowUS(), system: 0 });
          case 'resourceUsage': return () => ({ userCPUTime: host.nowUS(), systemCPUTime: 0 });
          case 'emitWarning': return function emitWarning(warning, type) {
            const wname = typeof type === 'string' ? type : (warning && warning.name) || 'Warning';
            const msg = typeof warning === 'string' ? warning : (warning && warning.message);
            const process = use('process');
            host.write(2, '(node:' + process.pid + ') ' + wname + ': ' + msg);
            if (emitterProto !== null) {
              const w = typeof warning === 'string' ? Object.assign(new Error(msg), { name: wname }) : warning;
              process.nextTick(() => process.emit('warning', w));
            }
          };
          case 'stdout': return { write(s) { host.write(1, String(s).replace(/\n$/, '')); return true; }, isTTY: false, fd: 1 };
          case 'stderr': return { write(s) { host.write(2, String(s).replace(/\n$/, '')); return true; }, isTTY: false, fd: 2 };
          case 'chdir': case 'binding': case 'kill': case 'dlopen': case 'setuid': case 'setgid':
            return () => host.unsupported('process.' + key + '()');
          default: return undefined;
        }
      };
      case 'emit': return function emit() {
        return emitterProto === null ? false : FunctionApply.call(emitterProto.emit, use('process'), arguments);
      };
      case 'listenerCount': return (event) => (emitterProto === null ? 0 : use('process').listenerCount(event));
      case 'unhandledRejectionError': return (reason) => {
        let shown;
        try { shown = host.inspect(reason); } catch (e) { shown = String(reason); }
        return use('makeError')(Error, 'ERR_UNHANDLED_REJECTION',
          'This error originated either by throwing inside of an async function without a catch block, ' +
          'or by rejecting a promise which was not handled with .catch(). The promise rejected with the reason "' + shown + '".');
      };

      // ---- timers ----------------------------------------------------------------------
      // The timer functions, and the methods of the objects they return, are Go's
      // (nodeapi.go, lazyobjects.go): most programs call them often.
      case 'setTimeout': case 'setInterval': case 'setImmediate': return host.make(name);
      case 'clearTimeout': case 'clearInterval': return use('clearTimer');
      case 'clearTimer': return function clearTimeout(t) {
        if (t === null || t === undefined) return;
        if (typeof t === 'object' && t._looplabId !== undefined) host.clearTimer(t._looplabId);
        else if (typeof t === 'number' || typeof t === 'string') host.clearTimer(Number(t));
      };
      case 'clearImmediate': return function clearImmediate(im) {
        if (im && typeof im === 'object' && im._looplabId !== undefined) host.clearImm(im._looplabId);
      };
      case 'timers': return Object.defineProperty({ // node:timers (builtin caches it)
        setTimeout: use('setTimeout'), setInterval: use('setInterval'), setImmediate: use('setImmediate'),
        clearTimeout: use('clearTimer'), clearInterval: use('clearTimer'), clearImmediate: use('clearImmediate'), promises: undefined,
      }, 'promises', { get: () => use('builtin')('timers/promises'), enumerable: true });
      // ---- console -----------------------------------------------------------------------
      // Go makes console (lazyobjects.go); each method is made on first use, the most used
      // in Go (nodeapi.go), the others by consoleMethod.
      case 'console': return host.make('console');
      // consoleOut prints like console.log (fd 1) or console.error (fd 2), both Go's
      // (log, info, debug, error and warn themselves are Go's: lazyobjects.go).
      case 'consoleOut': {
        const log = host.make('log');
        const error = host.make('error');
        return (fd, args) => { FunctionApply.call(fd === 1 ? log : error, undefined, args); };
      }
      case 'fmtDuration': return (us) => {
        const ms = us / 1000;
        if (ms >= 1000) return (ms / 1000).toFixed(3) + 's';
        return ms.toFixed(3) + 'ms';
      };
      case 'consoleCounts': return { __proto__: null };
      case 'consoleTimers': return { __proto__: null };
      case 'consoleMethod': return (key) => {
        const out = use('consoleOut');
        switch (key) {
          case 'trace': return (...a) => out(2, ['Trace: ' + host.formatList(a)]);
          case 'dir': return (v) => out(1, [host.inspect(v)]);
          case 'table': return (v) => out(1, [v]);
          case 'assert': return (cond, ...a) => { if (!cond) out(2, ['Assertion failed' + (a.length ? ': ' + host.formatList(a) : '')]); };
          case 'count': return (label = 'default') => {
            const counts = use('consoleCounts');
            const n = (counts[label] || 0) + 1;
            counts[label] = n;
            out(1, [label + ': ' + n]);
          };
          case 'countReset': return (label = 'default') => { delete use('consoleCounts')[label]; };
          case 'time': return (label = 'default') => { use('consoleTimers')[label] = host.nowUS(); };
          case 'timeEnd': return (label = 'default') => {
            const timers = use('consoleTimers');
            const t = timers[label];
            if (t !== undefined) { delete timers[label]; out(1, [label + ': ' + use('fmtDuration')(host.nowUS() - t)]); }
          };
          case 'timeLog': return (label = 'default', ...a) => {
            const t = use('consoleTimers')[label];
            if (t !== undefined) out(1, [label + ': ' + use('fmtDuration')(host.nowUS() - t)].concat(a));
          };
          case 'group': case 'groupCollapsed': return (...a) => { if (a.length) out(1, a); host.indent(1); };
          case 'groupEnd': return () => { host.indent(-1); };
          default: return undefined;
        }
      };

      // ---- other globals -------------------------------------------------------------------
      case 'busy': return function busy(ms) { host.busy(ms); };
      case 'performance': return {
        now: () => (host.nowUS() + startUS) / 1000,
        timeOrigin: use('config').epochMS - startUS / 1000, // Date.now() when the process started
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
      default: return undefined;
    }
  };

  // V8's AggregateError from Promise.any carries this message; the engine leaves it empty.
  if (aggregate) {
    Object.defineProperty(AggregateError.prototype, 'message', { value: 'All promises were rejected', writable: true, configurable: true });
  }

  // ---- safety guards against memory bombs ------------------------------------------------

  // The engine has no limit on string or array sizes; these wrappers refuse a size over
  // the scenario's limit before allocating. They are installed when the program text
  // could reach the wrapped methods (or anything at all, through computed access).
  if (guards) {
    const hidden = { value: undefined, writable: true, configurable: true, enumerable: false };
    const guard = (obj, name, size) => {
      const original = obj[name];
      hidden.value = { [name](...args) { host.guardLen(size(this, args), name); return FunctionApply.call(original, this, args); } }[name];
      Object.defineProperty(obj, name, hidden);
    };
    const S = String.prototype;
    const A = Array.prototype;
    guard(S, 'repeat', (s, a) => String(s).length * (Number(a[0]) || 0));
    guard(S, 'padStart', (s, a) => Number(a[0]) || 0);
    guard(S, 'padEnd', (s, a) => Number(a[0]) || 0);
    guard(A, 'fill', (arr) => arr.length >>> 0);
    guard(A, 'join', (arr, a) => (arr.length >>> 0) * (a[0] === undefined ? 1 : String(a[0]).length + 1));
    guard(Array, 'from', (_, a) => (a[0] && typeof a[0].length === 'number') ? a[0].length : 0);
  }

  // ---- the callback trampoline -----------------------------------------------------------

  // trampoline calls one macrotask callback, then drains the nextTick queue, nested in
  // the same outermost call so no promise job runs in between (R-CB1); with fn undefined
  // it only drains the ticks. After a throw that an 'uncaughtException' listener handled,
  // a timer or immediate pass goes on with its next callback at once (Node re-enters
  // processTimers/processImmediate, R-U2); any other callback's scope fails, and its
  // ticks and promise jobs wait for the next scope close. A tick that throws into a
  // listener ends the drain the same way (hostapi.go hRunTicks).
  const trampoline = (fn, thisArg, args, kind) => {
    let f = fn;
    let self = thisArg;
    let a = args;
    let timerId;
    for (;;) {
      try {
        if (f !== undefined) FunctionApply.call(f, self, a);
        if (timerId !== undefined) host.timerDone(timerId);
        break;
      } catch (e) {
        if (timerId !== undefined) host.timerDone(timerId);
        timerId = undefined;
        host.uncaught(e, 'uncaughtException');
        let next;
        if (kind === 'timer') next = host.nextTimer();
        else if (kind === 'immediate') next = host.nextImm();
        else { host.abortDrain(); return; }
        if (next === undefined) break;
        f = next[0]; self = next[1]; a = next[2]; timerId = next[3];
      }
    }
    host.runTicks(); // Go's (hostapi.go)
  };

  return { trampoline, use };
})
