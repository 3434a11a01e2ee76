// prelude.js: the Node globals of a simulated process (process, console, timers,
// queueMicrotask, require, Buffer, URL, performance, busy) on top of the Go host.
// One function expression, called once per run with (host, global, config); it
// returns what Go needs (the trampoline, the tick runner, process, helpers).
(function (host, global, config) {
  'use strict';

  const ReflectApply = Reflect.apply;
  const ObjectDefineProperty = Object.defineProperty;
  const resolved = Promise.resolve();
  const PromiseThen = Promise.prototype.then;

  // ---- errors with Node's codes ----------------------------------------------

  function makeError(Ctor, code, message, props) {
    const e = new Ctor(message);
    ObjectDefineProperty(e, 'code', { value: code, enumerable: true, configurable: true, writable: true });
    if (props) Object.assign(e, props);
    return e;
  }

  function describe(v) {
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
  }

  function invalidArgType(name, expected, actual) {
    return makeError(TypeError, 'ERR_INVALID_ARG_TYPE',
      'The "' + name + '" argument must be ' + expected + '. Received ' + describe(actual));
  }

  function validateFunction(fn, name) {
    if (typeof fn !== 'function') throw invalidArgType(name, 'of type function', fn);
  }

  // ---- module system -----------------------------------------------------------

  const builtinCache = Object.create(null);
  const hooks = {
    nextTick: (fn, ...args) => process.nextTick(fn, ...args),
    emitWarning: (msg, name) => process.emitWarning(msg, name),
  };
  const internals = {
    host, hooks, makeError, invalidArgType, validateFunction,
    fileURLToPath, resolved,
    get process() { return process; },
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
      case 'timers': exports = timers; break;
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
        host.factory('stream')(ex, hooks, builtin('events'));
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
  ObjectDefineProperty(global, Symbol.for('looplab.builtin'), { value: builtin });

  const builtinNames = ['assert', 'buffer', 'crypto', 'dns', 'dns/promises', 'events', 'fs', 'fs/promises',
    'net', 'path', 'perf_hooks', 'process', 'stream', 'timers', 'timers/promises', 'url', 'util', 'zlib'];
  const unsimulated = ['child_process', 'cluster', 'dgram', 'diagnostics_channel', 'http', 'http2', 'https',
    'inspector', 'module', 'os', 'readline', 'repl', 'tls', 'trace_events', 'tty', 'v8', 'vm', 'wasi',
    'worker_threads', 'async_hooks', 'string_decoder', 'querystring', 'punycode', 'domain', 'constants', 'sys', 'test'];
  const fileModules = Object.create(null);

  function require(id) {
    if (typeof id !== 'string') throw invalidArgType('id', 'of type string', id);
    const name = id.startsWith('node:') ? id.slice(5) : id;
    if (builtinNames.includes(name)) return builtin(name);
    if (unsimulated.includes(name.split('/')[0])) unsupported("module '" + id + "'");
    if (id.startsWith('./') || id.startsWith('../') || id.startsWith('/')) return requireFile(id);
    host.notFound(id);
  }

  function requireFile(id) {
    let path = id;
    if (fileModules[path]) return fileModules[path].exports;
    let fn = host.loadModule(path);
    if (fn === undefined && !/\.[cm]?js$/.test(path)) { path += '.js'; fn = host.loadModule(path); }
    if (fn === undefined) host.notFound(id);
    if (fileModules[path]) return fileModules[path].exports;
    const module = { exports: {}, id: path, loaded: false };
    fileModules[path] = module;
    const file = path.startsWith('/') ? path : config.dirname + '/' + path.replace(/^\.\//, '');
    ReflectApply(fn, module.exports, [module.exports, require, module, file, config.dirname]);
    module.loaded = true;
    return module.exports;
  }
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

  const { EventEmitter } = builtin('events');
  const process = new EventEmitter();
  const startUS = 30000; // process uptime when the main module starts, as in a real start
  Object.assign(process, {
    title: 'node',
    version: 'v20.20.2',
    versions: { node: '20.20.2', uv: '1.46.0', v8: '11.3.244.8-node.38', modules: '115' },
    arch: 'x64',
    platform: 'linux',
    release: { name: 'node', lts: 'Iron' },
    pid: 4242,
    ppid: 4241,
    execPath: '/usr/local/bin/node',
    execArgv: [],
    argv: config.argv,
    argv0: 'node',
    env: config.env,
    exitCode: undefined,
    _exiting: false,
    config: { variables: {} },
    features: {},
  });
  process.env.UV_THREADPOOL_SIZE = process.env.UV_THREADPOOL_SIZE || String(config.threadpool);
  process.nextTick = function nextTick(callback, ...args) {
    validateFunction(callback, 'callback');
    if (process._exiting) return;
    host.nextTick(callback, args);
  };
  process.exit = function exit(code) {
    if (code !== undefined) process.exitCode = code;
    if (!process._exiting) {
      process._exiting = true;
      host.setExiting();
      process.emit('exit', process.exitCode | 0);
    }
    host.exit(process.exitCode | 0);
  };
  process.reallyExit = (code) => host.exit(code | 0);
  process.abort = () => host.exit(134);
  process.cwd = () => config.dirname;
  process.chdir = () => unsupported('process.chdir()');
  process.uptime = () => (host.nowUS() + startUS) / 1e6;
  process.hrtime = function hrtime(prev) {
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
  process.hrtime.bigint = () => BigInt(host.nowUS() + startUS) * 1000n;
  process.memoryUsage = () => ({ rss: 45 * 1048576, heapTotal: 6 * 1048576, heapUsed: 4 * 1048576, external: 1048576, arrayBuffers: 16384 });
  process.memoryUsage.rss = () => 45 * 1048576;
  process.cpuUsage = () => ({ user: host.nowUS(), system: 0 });
  process.resourceUsage = () => ({ userCPUTime: host.nowUS(), systemCPUTime: 0 });
  process.emitWarning = function emitWarning(warning, type) {
    const name = typeof type === 'string' ? type : (warning && warning.name) || 'Warning';
    const msg = typeof warning === 'string' ? warning : (warning && warning.message);
    host.write(2, '(node:' + process.pid + ') ' + name + ': ' + msg);
  };
  process.stdout = { write(s) { host.write(1, String(s).replace(/\n$/, '')); return true; }, isTTY: false, fd: 1 };
  process.stderr = { write(s) { host.write(2, String(s).replace(/\n$/, '')); return true; }, isTTY: false, fd: 2 };
  process.binding = () => unsupported('process.binding()');
  process.kill = () => unsupported('process.kill()');
  process.on('newListener', () => {});

  // ---- timers ----------------------------------------------------------------------

  const kId = Symbol('timerId');
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
    [Symbol.toPrimitive]() { return this[kId]; }
  }
  class Immediate {
    constructor(id) { this[kId] = id; }
    ref() { host.immRef(this[kId], true); return this; }
    unref() { host.immRef(this[kId], false); return this; }
    hasRef() { return true; }
  }

  function arm(callback, after, args, repeat) {
    validateFunction(callback, 'callback');
    const t = new Timeout(0, after, repeat);
    t[kId] = host.setTimer(callback, after, args, repeat, t);
    return t;
  }
  function setTimeout(callback, after, ...args) { return arm(callback, after, args, false); }
  function setInterval(callback, repeat, ...args) { return arm(callback, repeat, args, true); }
  function clearTimer(t) {
    if (t === null || t === undefined) return;
    if (typeof t === 'object' && t[kId] !== undefined) host.clearTimer(t[kId]);
    else if (typeof t === 'number' || typeof t === 'string') host.clearTimer(Number(t));
  }
  function setImmediate(callback, ...args) {
    validateFunction(callback, 'callback');
    const im = new Immediate(0);
    im[kId] = host.setImmediate(callback, args, im);
    return im;
  }
  function clearImmediate(im) {
    if (im && typeof im === 'object' && im[kId] !== undefined) host.clearImm(im[kId]);
  }
  const timers = { setTimeout, setInterval, setImmediate, clearTimeout: clearTimer, clearInterval: clearTimer, clearImmediate };
  timers.promises = undefined;
  ObjectDefineProperty(timers, 'promises', { get: () => builtin('timers/promises'), enumerable: true });

  function queueMicrotask(callback) {
    validateFunction(callback, 'callback');
    host.markMicro('queueMicrotask');
    ReflectApply(PromiseThen, resolved, [() => {
      try {
        callback();
      } catch (e) {
        host.uncaught(e, 'uncaughtException');
      }
    }]);
  }

  // ---- console -----------------------------------------------------------------------

  const counts = new Map();
  const timersByLabel = new Map();
  let groupIndent = '';
  function out(fd, args) {
    let s = host.format(...args);
    if (groupIndent) s = groupIndent + s.split('\n').join('\n' + groupIndent);
    host.write(fd, s);
  }
  const console = {
    log: (...a) => out(1, a),
    info: (...a) => out(1, a),
    debug: (...a) => out(1, a),
    error: (...a) => out(2, a),
    warn: (...a) => out(2, a),
    trace: (...a) => out(2, ['Trace: ' + host.format(...a)]),
    dir: (v) => out(1, [host.inspect(v)]),
    assert: (cond, ...a) => { if (!cond) out(2, ['Assertion failed' + (a.length ? ': ' + host.format(...a) : '')]); },
    count: (label = 'default') => { const n = (counts.get(label) || 0) + 1; counts.set(label, n); out(1, [label + ': ' + n]); },
    countReset: (label = 'default') => { counts.delete(label); },
    time: (label = 'default') => { timersByLabel.set(label, host.nowUS()); },
    timeEnd: (label = 'default') => { const t = timersByLabel.get(label); if (t !== undefined) { timersByLabel.delete(label); out(1, [label + ': ' + fmtDuration(host.nowUS() - t)]); } },
    timeLog: (label = 'default', ...a) => { const t = timersByLabel.get(label); if (t !== undefined) out(1, [label + ': ' + fmtDuration(host.nowUS() - t), ...a]); },
    group: (...a) => { if (a.length) out(1, a); groupIndent += '  '; },
    groupEnd: () => { groupIndent = groupIndent.slice(2); },
    table: (v) => out(1, [v]),
  };
  console.groupCollapsed = console.group;
  function fmtDuration(us) {
    const ms = us / 1000;
    if (ms >= 1000) return (ms / 1000).toFixed(3) + 's';
    return ms.toFixed(3) + 'ms';
  }

  // V8's AggregateError from Promise.any carries this message; the engine leaves it empty.
  ObjectDefineProperty(AggregateError.prototype, 'message', { value: 'All promises were rejected', writable: true, configurable: true });

  // ---- safety guards against memory bombs ------------------------------------------------

  const StringRepeat = String.prototype.repeat;
  const StringPadStart = String.prototype.padStart;
  const StringPadEnd = String.prototype.padEnd;
  const ArrayFill = Array.prototype.fill;
  const ArrayFrom = Array.from;
  function guard(name, original, size) {
    return { [name](...args) { host.guardLen(size(this, args), name); return ReflectApply(original, this, args); } }[name];
  }
  function redefine(obj, name, fn) {
    ObjectDefineProperty(obj, name, { value: fn, writable: true, configurable: true, enumerable: false });
  }
  redefine(String.prototype, 'repeat', guard('repeat', StringRepeat, (s, a) => String(s).length * (Number(a[0]) || 0)));
  redefine(String.prototype, 'padStart', guard('padStart', StringPadStart, (s, a) => Number(a[0]) || 0));
  redefine(String.prototype, 'padEnd', guard('padEnd', StringPadEnd, (s, a) => Number(a[0]) || 0));
  redefine(Array.prototype, 'fill', guard('fill', ArrayFill, (arr) => arr.length >>> 0));
  redefine(Array, 'from', guard('from', ArrayFrom, (_, a) => (a[0] && typeof a[0].length === 'number') ? a[0].length : 0));

  // ---- globals -----------------------------------------------------------------------------

  function busy(ms) { host.busy(ms); }
  const performance = {
    now: () => (host.nowUS() + startUS) / 1000,
    timeOrigin: Date.now() - startUS / 1000,
    mark() {}, measure() {},
    toJSON() { return { timeOrigin: this.timeOrigin }; },
  };
  function defineGlobal(name, value) {
    redefine(global, name, value);
  }
  function lazyGlobal(name, get) {
    ObjectDefineProperty(global, name, {
      get() { const v = get(); defineGlobal(name, v); return v; },
      set(v) { defineGlobal(name, v); },
      configurable: true, enumerable: false,
    });
  }
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
  defineGlobal('performance', performance);
  ObjectDefineProperty(global, 'busy', { value: busy, writable: false, enumerable: false, configurable: false });
  lazyGlobal('Buffer', () => builtin('buffer').Buffer);
  lazyGlobal('URL', () => builtin('url').URL);
  lazyGlobal('URLSearchParams', () => builtin('url').URLSearchParams);
  lazyGlobal('TextEncoder', () => builtin('util').TextEncoder);
  lazyGlobal('TextDecoder', () => builtin('util').TextDecoder);
  lazyGlobal('structuredClone', () => (v) => JSON.parse(JSON.stringify(v)));
  lazyGlobal('fetch', () => () => unsupported('fetch()'));

  // ---- the callback trampoline -----------------------------------------------------------

  // runTicks drains the nextTick queue; ticks queued meanwhile run too (R-CB3).
  function runTicks() {
    let t;
    while ((t = host.takeTick()) !== undefined) {
      try {
        ReflectApply(t[0], undefined, t[1]);
      } catch (e) {
        host.uncaught(e, 'uncaughtException');
      }
    }
  }

  // trampoline calls one macrotask callback, then the tick queue, nested in the same
  // outermost call so no promise job runs in between (R-CB1). A timer that throws into an
  // 'uncaughtException' listener is followed at once by the next due timer (R-U2).
  function trampoline(fn, thisArg, args, kind) {
    let f = fn;
    let self = thisArg;
    let a = args;
    let timerId;
    for (;;) {
      try {
        if (f !== undefined) ReflectApply(f, self, a);
        if (timerId !== undefined) host.timerDone(timerId);
        break;
      } catch (e) {
        if (timerId !== undefined) host.timerDone(timerId);
        host.uncaught(e, 'uncaughtException');
        if (kind !== 'timer') break;
        const next = host.nextTimer();
        if (next === undefined) break;
        f = next[0]; self = next[1]; a = next[2]; timerId = next[3];
      }
    }
    runTicks();
  }

  function listenerCount(name) { return process.listenerCount(name); }

  function unhandledRejectionError(reason) {
    let shown;
    try { shown = host.inspect(reason); } catch (e) { shown = String(reason); }
    return makeError(Error, 'ERR_UNHANDLED_REJECTION',
      'This error originated either by throwing inside of an async function without a catch block, ' +
      'or by rejecting a promise which was not handled with .catch(). The promise rejected with the reason "' + shown + '".');
  }

  return { trampoline, runTicks, process, listenerCount, unhandledRejectionError, makeError, require, builtin };
})
