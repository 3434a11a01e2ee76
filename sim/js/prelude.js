// prelude.js: the Node globals of a simulated process (process, console, timers,
// queueMicrotask, require, Buffer, URL, performance, busy) on top of the Go host.
// One function expression, called once per run with (host, global, config); it
// returns what Go needs (the trampoline, the tick runner, process, helpers).
(function (host, global, config) {
  'use strict';

  // apply(f, self, args) calls f without touching Reflect or the iterator protocol (each
  // costs the engine a lazily built set of objects per run).
  const FunctionApply = Function.prototype.apply;
  const apply = (f, self, args) => FunctionApply.call(f, self, args);
  const ObjectDefineProperty = Object.defineProperty;
  const ObjectSetPrototypeOf = Object.setPrototypeOf;
  // The resolved promise queueMicrotask chains on, and Promise.prototype.then as the
  // program found it, made on first use (touching Promise costs every run).
  let resolvedPromise = null;
  let PromiseThen = null;
  const resolved = () => resolvedPromise || (resolvedPromise = Promise.resolve());

  // ---- errors with Node's codes ----------------------------------------------

  const makeError = (Ctor, code, message, props) => {
    const e = new Ctor(message);
    ObjectDefineProperty(e, 'code', { value: code, enumerable: true, configurable: true, writable: true });
    if (props) Object.assign(e, props);
    return e;
  };

  const describe = (v) => {
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

  const invalidArgType = (name, expected, actual) => {
    return makeError(TypeError, 'ERR_INVALID_ARG_TYPE',
      'The "' + name + '" argument must be ' + expected + '. Received ' + describe(actual));
  };

  const validateFunction = (fn, name) => {
    if (typeof fn !== 'function') throw invalidArgType(name, 'of type function', fn);
  };

  // ---- module system -----------------------------------------------------------

  const builtinCache = Object.create(null);
  const hooks = {
    nextTick(fn, ...args) { if (!process._exiting) { validateFunction(fn, 'callback'); host.nextTick(fn, args); } },
    emitWarning: (msg, name) => process.emitWarning(msg, name),
  };
  const internals = {
    host, hooks, makeError, invalidArgType, validateFunction,
    fileURLToPath, resolved,
    get process() { return process; },
    get performance() { return makePerformance(); },
    builtin, unsupported,
  };

  function unsupported(what) {
    host.unsupported(what);
  }

  function builtin(name) {
    if (name.startsWith('node:')) name = name.slice(5);
    const cached = builtinCache[name];
    if (cached !== undefined) return cached;
    let exports;
    switch (name) {
      case 'process': exports = process; break;
      case 'console': exports = console; break;
      case 'timers': exports = timersModule(); break;
      case 'events': {
        const ex = {};
        builtinCache[name] = ex;
        host.factory('events')(ex, hooks);
        exports = ex.EventEmitter;
        Object.assign(exports, ex);
        exports.EventEmitter = ex.EventEmitter;
        break;
      }
      case 'stream': {
        const ex = {};
        builtinCache[name] = ex;
        const streamHooks = { nextTick: hooks.nextTick, emitWarning: hooks.emitWarning, Buffer: builtin('buffer').Buffer };
        host.factory('stream')(ex, streamHooks, builtin('events'));
        exports = ex.Stream || ex;
        if (exports !== ex) Object.assign(exports, ex);
        break;
      }
      case 'fs/promises': exports = builtin('fs').promises; break;
      case 'dns/promises': exports = builtin('dns').promises; break;
      default: {
        const ex = {};
        builtinCache[name] = ex;
        const replaced = host.factory(name)(ex, internals);
        exports = replaced !== undefined ? replaced : ex;
      }
    }
    builtinCache[name] = exports;
    return exports;
  }
  ObjectDefineProperty(global, '__looplab_builtin', { value: builtin });

  const fileModules = Object.create(null);

  function require(id) {
    if (typeof id !== 'string') throw invalidArgType('id', 'of type string', id);
    const name = id.startsWith('node:') ? id.slice(5) : id;
    switch (host.moduleKind(name)) { // the lists are Go's (builtins.go)
      case 'builtin': return builtin(name);
      case 'unsimulated': unsupported("module '" + id + "'");
    }
    if (id.startsWith('./') || id.startsWith('../') || id.startsWith('/')) return requireFile(id);
    host.notFound(id);
  }

  const requireFile = (id) => {
    let path = id;
    if (fileModules[path]) return fileModules[path].exports;
    let fn = host.loadModule(path);
    if (fn === undefined && !/\.[cm]?js$/.test(path)) { path += '.js'; fn = host.loadModule(path); }
    if (fn === undefined) host.notFound(id);
    if (fileModules[path]) return fileModules[path].exports;
    const module = { exports: {}, id: path, loaded: false };
    fileModules[path] = module;
    const file = path.startsWith('/') ? path : config.dirname + '/' + path.replace(/^\.\//, '');
    apply(fn, module.exports, [module.exports, require, module, file, config.dirname]);
    module.loaded = true;
    return module.exports;
  };
  require.resolve = (id) => id;
  require.cache = Object.create(null);

  function fileURLToPath(p) {
    if (p && typeof p === 'object' && typeof p.href === 'string') {
      if (p.protocol !== 'file:') throw makeError(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
      return decodeURIComponent(p.pathname);
    }
    if (typeof p === 'string' && p.startsWith('file://')) return decodeURIComponent(p.slice(7));
    return p;
  }

  // ---- process -------------------------------------------------------------------

  // process is an EventEmitter, but loading events.js (and building dozens of rarely used
  // methods) costs more than most programs need. process starts with the few properties
  // the runtime itself uses; everything else, the emitter methods included, comes from a
  // prototype that makes it on first access. The first listener added turns process into
  // a real emitter (its prototype becomes EventEmitter.prototype).
  let emitterProto = null;
  const upgradeProcess = () => {
    if (emitterProto === null) {
      const events = builtin('events');
      emitterProto = events.EventEmitter.prototype;
      ObjectSetPrototypeOf(lazyTarget, emitterProto); // process instanceof EventEmitter
      events.EventEmitter.init.call(process);
    }
    return emitterProto;
  };
  const emitterMethods = '|on|addListener|once|prependListener|prependOnceListener|off|' + // a string: no object per run
    'removeListener|removeAllListeners|setMaxListeners|getMaxListeners|listeners|' +
    'rawListeners|eventNames|listenerCount|';
  const noListeners = () => false;
  const startUS = 30000; // process uptime when the main module starts, as in a real start
  const lazyTarget = Object.create(null);
  const lazyProcess = new Proxy(lazyTarget, {
    get(target, key, receiver) {
      if (typeof key !== 'string') return undefined;
      if (key === 'emit') return emitterProto === null ? noListeners : emitterProto.emit;
      if (key.indexOf('|') < 0 && emitterMethods.includes('|' + key + '|')) return upgradeProcess()[key];
      const v = processProperty(key);
      if (v === undefined) return emitterProto === null ? undefined : emitterProto[key];
      ObjectDefineProperty(receiver, key, { value: v, writable: true, configurable: true, enumerable: true });
      return v;
    },
  });
  const process = Object.create(lazyProcess);
  process.exitCode = undefined;
  process._exiting = false;
  process.env = config.env;
  process.argv = config.argv;
  process.nextTick = function nextTick(callback, ...args) {
    validateFunction(callback, 'callback');
    if (process._exiting) return;
    host.nextTick(callback, args);
  };

  function exit(code) {
    if (code !== undefined) process.exitCode = code;
    if (!process._exiting) {
      process._exiting = true;
      host.setExiting();
      process.emit('exit', process.exitCode | 0);
    }
    host.exit(process.exitCode | 0);
  }

  // processProperty builds the rarely used parts of process on first access.
  const processProperty = (key) => {
    switch (key) {
      case 'exit': return exit;
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
      case 'cwd': return () => config.dirname;
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
        const name = typeof type === 'string' ? type : (warning && warning.name) || 'Warning';
        const msg = typeof warning === 'string' ? warning : (warning && warning.message);
        host.write(2, '(node:' + process.pid + ') ' + name + ': ' + msg);
        if (emitterProto !== null) {
          const w = typeof warning === 'string' ? Object.assign(new Error(msg), { name }) : warning;
          process.nextTick(() => process.emit('warning', w));
        }
      };
      case 'stdout': return { write(s) { host.write(1, String(s).replace(/\n$/, '')); return true; }, isTTY: false, fd: 1 };
      case 'stderr': return { write(s) { host.write(2, String(s).replace(/\n$/, '')); return true; }, isTTY: false, fd: 2 };
      case 'chdir': case 'binding': case 'kill': case 'dlopen': case 'setuid': case 'setgid':
        return () => unsupported('process.' + key + '()');
      default: return undefined;
    }
  };

  // ---- timers ----------------------------------------------------------------------

  const kId = '_looplabId';
  class Timeout {
    constructor(id, after, repeat) {
      this[kId] = id;
      this._idleTimeout = after;
      this._repeat = repeat ? after : null;
    }
    ref() { host.timerRef(this[kId], true); return this; }
    unref() { host.timerRef(this[kId], false); return this; }
    hasRef() { return host.timerHasRef(this[kId]); }
    refresh() { host.timerRefresh(this[kId]); return this; }
    close() { host.clearTimer(this[kId]); return this; }
  }
  class Immediate {
    constructor(id) { this[kId] = id; }
    ref() { host.immRef(this[kId], true); return this; }
    unref() { host.immRef(this[kId], false); return this; }
    hasRef() { return true; }
  }

  const arm = (callback, after, args, repeat) => {
    validateFunction(callback, 'callback');
    const t = new Timeout(0, after, repeat);
    t[kId] = host.setTimer(callback, after, args, repeat, t);
    return t;
  };
  const setTimeout = (callback, after, ...args) => { return arm(callback, after, args, false); };
  const setInterval = (callback, repeat, ...args) => { return arm(callback, repeat, args, true); };
  const clearTimer = (t) => {
    if (t === null || t === undefined) return;
    if (typeof t === 'object' && t[kId] !== undefined) host.clearTimer(t[kId]);
    else if (typeof t === 'number' || typeof t === 'string') host.clearTimer(Number(t));
  };
  const setImmediate = (callback, ...args) => {
    validateFunction(callback, 'callback');
    const im = new Immediate(0);
    im[kId] = host.setImmediate(callback, args, im);
    return im;
  };
  const clearImmediate = (im) => {
    if (im && typeof im === 'object' && im[kId] !== undefined) host.clearImm(im[kId]);
  };
  const timersModule = () => ObjectDefineProperty({ // node:timers, built on first require (builtin caches it)
    setTimeout, setInterval, setImmediate, clearTimeout: clearTimer, clearInterval: clearTimer, clearImmediate, promises: undefined,
  }, 'promises', { get: () => builtin('timers/promises'), enumerable: true });

  const queueMicrotask = (callback) => {
    validateFunction(callback, 'callback');
    host.markMicro('queueMicrotask');
    if (PromiseThen === null) PromiseThen = Promise.prototype.then;
    apply(PromiseThen, resolved(), [() => {
      try {
        callback();
      } catch (e) {
        host.uncaught(e, 'uncaughtException');
      }
    }]);
  };

  // ---- console -----------------------------------------------------------------------

  // console methods are made on first use, like process's (most programs only log).
  const counts = Object.create(null);
  const timersByLabel = Object.create(null);
  let groupIndent = '';
  const out = (fd, args) => {
    let s = host.formatList(args);
    if (groupIndent) s = groupIndent + s.split('\n').join('\n' + groupIndent);
    host.write(fd, s);
  };
  const fmtDuration = (us) => {
    const ms = us / 1000;
    if (ms >= 1000) return (ms / 1000).toFixed(3) + 's';
    return ms.toFixed(3) + 'ms';
  };
  const consoleMethod = (key) => {
    switch (key) {
      case 'log': case 'info': case 'debug': return (...a) => out(1, a);
      case 'error': case 'warn': return (...a) => out(2, a);
      case 'trace': return (...a) => out(2, ['Trace: ' + host.formatList(a)]);
      case 'dir': return (v) => out(1, [host.inspect(v)]);
      case 'table': return (v) => out(1, [v]);
      case 'assert': return (cond, ...a) => { if (!cond) out(2, ['Assertion failed' + (a.length ? ': ' + host.formatList(a) : '')]); };
      case 'count': return (label = 'default') => { const n = (counts[label] || 0) + 1; counts[label] = n; out(1, [label + ': ' + n]); };
      case 'countReset': return (label = 'default') => { delete counts[label]; };
      case 'time': return (label = 'default') => { timersByLabel[label] = host.nowUS(); };
      case 'timeEnd': return (label = 'default') => {
        const t = timersByLabel[label];
        if (t !== undefined) { delete timersByLabel[label]; out(1, [label + ': ' + fmtDuration(host.nowUS() - t)]); }
      };
      case 'timeLog': return (label = 'default', ...a) => {
        const t = timersByLabel[label];
        if (t !== undefined) out(1, [label + ': ' + fmtDuration(host.nowUS() - t)].concat(a));
      };
      case 'group': case 'groupCollapsed': return (...a) => { if (a.length) out(1, a); groupIndent += '  '; };
      case 'groupEnd': return () => { groupIndent = groupIndent.slice(2); };
      default: return undefined;
    }
  };
  const console = Object.create(new Proxy(Object.create(null), {
    get(target, key, receiver) {
      const v = typeof key === 'string' ? consoleMethod(key) : undefined;
      if (v !== undefined) ObjectDefineProperty(receiver, key, { value: v, writable: true, configurable: true, enumerable: true });
      return v;
    },
  }));

  // V8's AggregateError from Promise.any carries this message; the engine leaves it empty.
  if (config.features.aggregate) {
    ObjectDefineProperty(AggregateError.prototype, 'message', { value: 'All promises were rejected', writable: true, configurable: true });
  }

  // ---- safety guards against memory bombs ------------------------------------------------

  const hiddenDesc = { value: undefined, writable: true, configurable: true, enumerable: false }; // shared: only read
  const redefine = (obj, name, fn) => { hiddenDesc.value = fn; ObjectDefineProperty(obj, name, hiddenDesc); hiddenDesc.value = undefined; };
  // Helpers used only under a feature are made only when it is on (cond ? null : fn).
  const guard = !config.features.guards ? null : (name, original, size) => {
    return { [name](...args) { host.guardLen(size(this, args), name); return apply(original, this, args); } }[name];
  };
  // The engine has no limit on string or array sizes; these wrappers refuse a size over
  // the scenario's limit before allocating. They are installed when the program text
  // could reach the wrapped methods (or anything at all, through computed access).
  const installGuards = !config.features.guards ? null : () => {
    const S = String.prototype;
    const A = Array.prototype;
    redefine(S, 'repeat', guard('repeat', S.repeat, (s, a) => String(s).length * (Number(a[0]) || 0)));
    redefine(S, 'padStart', guard('padStart', S.padStart, (s, a) => Number(a[0]) || 0));
    redefine(S, 'padEnd', guard('padEnd', S.padEnd, (s, a) => Number(a[0]) || 0));
    redefine(A, 'fill', guard('fill', A.fill, (arr) => arr.length >>> 0));
    redefine(A, 'join', guard('join', A.join, (arr, a) => (arr.length >>> 0) * (a[0] === undefined ? 1 : String(a[0]).length + 1)));
    redefine(Array, 'from', guard('from', Array.from, (_, a) => (a[0] && typeof a[0].length === 'number') ? a[0].length : 0));
  };
  if (config.features.guards) installGuards();

  // ---- globals -----------------------------------------------------------------------------

  const busy = (ms) => { host.busy(ms); };
  // performance is made on first use (a lazy global, and perf_hooks's export).
  let performance = null;
  const makePerformance = () => performance || (performance = {
    now: () => (host.nowUS() + startUS) / 1000,
    timeOrigin: config.epochMS - startUS / 1000, // Date.now() when the process started
    mark() {}, measure() {},
    toJSON() { return { timeOrigin: this.timeOrigin }; },
  });
  const defineGlobal = (name, value) => {
    redefine(global, name, value);
  };
  const defineLazyGlobal = config.features.globals.length === 0 ? null : (name, get) => {
    ObjectDefineProperty(global, name, {
      get() { const v = get(); defineGlobal(name, v); return v; },
      set(v) { defineGlobal(name, v); },
      configurable: true, enumerable: false,
    });
  };
  defineGlobal('global', global);
  defineGlobal('process', process);
  defineGlobal('console', console);
  defineGlobal('setTimeout', setTimeout);
  defineGlobal('setInterval', setInterval);
  defineGlobal('setImmediate', setImmediate);
  defineGlobal('clearTimeout', clearTimer);
  defineGlobal('clearInterval', clearTimer);
  defineGlobal('clearImmediate', clearImmediate);
  defineGlobal('queueMicrotask', queueMicrotask);
  ObjectDefineProperty(global, 'busy', { value: busy, writable: false, enumerable: false, configurable: false });
  // Globals made from modules are defined only when the program can reach them (its text
  // names them, or it can reach globals dynamically): each costs a getter pair per run.
  const lazyGlobal = config.features.globals.length === 0 ? null : (name) => {
    switch (name) {
      case 'Buffer': return () => builtin('buffer').Buffer;
      case 'URL': return () => builtin('url').URL;
      case 'URLSearchParams': return () => builtin('url').URLSearchParams;
      case 'TextEncoder': return () => builtin('util').TextEncoder;
      case 'TextDecoder': return () => builtin('util').TextDecoder;
      case 'structuredClone': return () => (v) => JSON.parse(JSON.stringify(v));
      case 'fetch': return () => builtin('http').fetch;
      case 'performance': return makePerformance;
      default: return () => () => unsupported(name + '()');
    }
  };
  const globalNames = config.features.globals;
  for (let i = 0; i < globalNames.length; i++) defineLazyGlobal(globalNames[i], lazyGlobal(globalNames[i]));

  // ---- the callback trampoline -----------------------------------------------------------

  // runTicks drains the nextTick queue; ticks queued meanwhile run too (R-CB3). A tick
  // that throws into an 'uncaughtException' listener ends the drain: what is left waits
  // for the next callback-scope close.
  const runTicks = () => {
    let t;
    while ((t = host.takeTick()) !== undefined) {
      try {
        apply(t[0], undefined, t[1]);
      } catch (e) {
        host.uncaught(e, 'uncaughtException');
        host.abortDrain();
        return;
      }
    }
  };

  // trampoline calls one macrotask callback, then the tick queue, nested in the same
  // outermost call so no promise job runs in between (R-CB1). After a throw that an
  // 'uncaughtException' listener handled, a timer or immediate pass goes on with its next
  // callback at once (Node re-enters processTimers/processImmediate, R-U2); any other
  // callback's scope fails, and its ticks and promise jobs wait for the next scope close.
  const trampoline = (fn, thisArg, args, kind) => {
    let f = fn;
    let self = thisArg;
    let a = args;
    let timerId;
    for (;;) {
      try {
        if (f !== undefined) apply(f, self, a);
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
    runTicks();
  };

  const listenerCount = (name) => { return emitterProto === null ? 0 : process.listenerCount(name); };

  const unhandledRejectionError = (reason) => {
    let shown;
    try { shown = host.inspect(reason); } catch (e) { shown = String(reason); }
    return makeError(Error, 'ERR_UNHANDLED_REJECTION',
      'This error originated either by throwing inside of an async function without a catch block, ' +
      'or by rejecting a promise which was not handled with .catch(). The promise rejected with the reason "' + shown + '".');
  };

  function emit() { return emitterProto === null ? false : apply(emitterProto.emit, process, arguments); }

  return { trampoline, runTicks, process, emit, listenerCount, unhandledRejectionError, makeError, require, builtin };
})
