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
  // A part is made on first use, as Node's start-up would have made it: the work costs
  // no virtual time.
  const use = (name) => {
    const v = made[name];
    if (v !== undefined) return v;
    hostcall(H_internal, 1);
    try {
      return made[name] !== undefined ? made[name] : (made[name] = make(name));
    } finally {
      hostcall(H_internal, -1);
    }
  };
  const apply = Reflect.apply;
  const defineProperty = Object.defineProperty;
  const OrigDate = Date;
  const major = parseInt(config.version.slice(1), 10); // the Node release line simulated
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
  // V8 names the zone after the offset, in the simulated machine's zone, UTC.
  for (const name of ['toString', 'toTimeString']) {
    const orig = OrigDate.prototype[name];
    defineProperty(OrigDate.prototype, name, {
      value: { [name]() { const s = apply(orig, this, []); return s === 'Invalid Date' ? s : s + ' (Coordinated Universal Time)'; } }[name],
      writable: true, enumerable: false, configurable: true,
    });
  }

  const make = (name) => {
    switch (name) {
      // ---- errors with Node's codes ----------------------------------------------------
      case 'makeError': return (Ctor, code, message, props) => {
        const e = new Ctor(message);
        defineProperty(e, 'code', { value: code, enumerable: true, configurable: true, writable: true });
        // Before Node 12 (R-V16) a Node error's name carried its code: 'TypeError [ERR_X]'.
        if (!hostcall(H_hasChange, 'R-V16')) defineProperty(e, 'name', { value: e.name + ' [' + code + ']', configurable: true, writable: true });
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
      // A dotted name is a property of an argument, as in Node's message.
      case 'invalidArgType': return (argName, expected, actual) => use('makeError')(TypeError, 'ERR_INVALID_ARG_TYPE',
        'The "' + argName + '" ' + (argName.includes('.') ? 'property' : 'argument') + ' must be ' + expected + '. Received ' + use('describe')(actual));
      // outOfRange is Node's ERR_OUT_OF_RANGE, the one every module throws: from Node 12
      // a large integer or BigInt is shown with separators (1_000_000_000_000, 5n), as
      // Node's message shows it; Node 10 inspects the value.
      case 'outOfRange': return (name, range, actual) => use('makeError')(RangeError, 'ERR_OUT_OF_RANGE',
        'The value of "' + name + '" is out of range. It must be ' + range + '. Received ' + use('outOfRangeValue')(actual));
      case 'outOfRangeValue': return (v) => {
        const separated = (s) => s.replace(/(\d)(?=(\d{3})+$)/g, '$1_');
        if (major < 12) return typeof v === 'bigint' ? String(v) : use('inspect')(v);
        if (Number.isInteger(v) && Math.abs(v) > 2 ** 32) return separated(String(v));
        if (typeof v === 'bigint') return (v > 2n ** 32n || v < -(2n ** 32n) ? separated(String(v)) : String(v)) + 'n';
        return use('inspect')(v);
      };
      // customPromisifyArgs marks a callback API whose callback gets several values: its
      // value names them, and util.promisify resolves with an object of them (fs.read's
      // bytesRead and buffer, dns.lookup's address and family).
      case 'customPromisifyArgs': return Symbol('customPromisifyArgs');
      // validateFunction throws Node's error for an argument that is not a function; for a
      // callback ('callback', fs's 'cb'), ERR_INVALID_CALLBACK before Node 18 (R-V11).
      case 'validateFunction': return (fn, argName) => {
        if (typeof fn === 'function') return;
        if ((argName === 'callback' || argName === 'cb') && !hostcall(H_hasChange, 'R-V11')) {
          throw use('makeError')(TypeError, 'ERR_INVALID_CALLBACK', 'Callback must be a function');
        }
        throw use('invalidArgType')(argName, 'of type function', fn);
      };
      case 'unsupported': return (what, why) => hostcall(H_unsupported, what, why);
      // refusing(what, kind, why) is a stand-in for an API of Node's the simulator does not
      // make: typeof is Node's ('function' or 'object'), and any use of it (a call, new,
      // reading or writing a property, in, instanceof...) ends the run with
      // unsupported_api naming it.
      case 'refusing': return (what, kind, why) => {
        const refuse = () => hostcall(H_unsupported, what, why);
        const name = what.slice(Math.max(what.lastIndexOf('.'), what.lastIndexOf(' ')) + 1);
        const target = kind === 'function' ? { [name]: function () {} }[name] : {};
        return new Proxy(target, {
          get: refuse, set: refuse, has: refuse, deleteProperty: refuse, defineProperty: refuse, ownKeys: refuse,
          getOwnPropertyDescriptor: refuse, apply: refuse, construct: refuse, getPrototypeOf: refuse,
          setPrototypeOf: refuse, isExtensible: refuse, preventExtensions: refuse,
        });
      };
      case 'resolved': return () => resolvedPromise || (resolvedPromise = Promise.resolve());

      // ---- formatting (util.inspect, util.format) ----------------------------------------
      case 'inspector': return hostcall(H_inspector); // the inspect package's API (Go installs it)
      case 'inspect': return use('inspector').inspect;
      case 'format': return use('inspector').format;

      // ---- timers --------------------------------------------------------------------------
      // withoutAbsent(cls, owner) removes from cls.prototype the members the release lacks
      // (R-V8: Node 10's Timeout has no hasRef nor [Symbol.toPrimitive]); Go lists them
      // by name, a symbol as "[Symbol.toPrimitive]" or "[nodejs.util.inspect.custom]".
      case 'withoutAbsent': return (cls, owner) => {
        const absent = hostcall(H_absentExports, owner);
        if (absent !== undefined) {
          for (const n of absent) {
            const key = n[0] !== '[' ? n : n.startsWith('[Symbol.') ? Symbol[n.slice(8, -1)] : Symbol.for(n.slice(1, -1));
            delete cls.prototype[key];
          }
        }
        return cls;
      };
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
        return use('withoutAbsent')(Timeout, 'Timeout.prototype');
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
          // An immediate that ran or was cleared holds no reference any more.
          hasRef() { return this.#refed && hostcall(H_immediateHasRef, this.#id); }
          static idOf(t) { return #id in t ? t.#id : undefined; }
          static arm(t, id) { t.#id = id; return t; }
        }
        return use('withoutAbsent')(Immediate, 'Immediate.prototype');
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
          // The simulated stdout is not a terminal: Node clears only a terminal.
          clear: function clear() {},
          // Without an inspector attached Node's are no-ops (V8's console: DevTools only).
          profile: function profile() {},
          profileEnd: function profileEnd() {},
          timeStamp: function timeStamp() {},
          context: function context(name) { return use('consoleContext'); },
          createTask: function createTask() {
            const name = arguments[0];
            if (typeof name !== 'string' || name === '') throw new Error('First argument must be a non-empty string.');
            return { run: function run() {
              const fn = arguments[0];
              if (typeof fn !== 'function') throw new Error('First argument must be a function.');
              return fn();
            } };
          },
        };
        defineProperty(console, 'Console', {
          get() {
            const made = use('consoleClass');
            made.mark(console);
            defineProperty(console, 'Console', { value: made.Console, writable: true, enumerable: false, configurable: true });
            return made.Console;
          },
          set(v) { defineProperty(console, 'Console', { value: v, writable: true, enumerable: false, configurable: true }); },
          enumerable: false, configurable: true,
        });
        defineProperty(console, '_stdout', { get: () => use('stdio')(1), enumerable: false, configurable: true });
        defineProperty(console, '_stderr', { get: () => use('stdio')(2), enumerable: false, configurable: true });
        return console;
      }
      case 'consoleClass': return hostcall(H_factory, 'console_class')({
        format: use('format'), inspector: use('inspector'), makeError: use('makeError'), invalidArgType: use('invalidArgType'),
        nowUS, fmtDuration: use('fmtDuration'), stackLines: () => hostcall(H_stackLines), major,
      });
      // console.context(name): a console whose output goes to an attached inspector only.
      case 'consoleContext': {
        const ctx = {};
        for (const n of ['debug', 'error', 'info', 'log', 'warn', 'dir', 'dirXml', 'table', 'trace', 'group', 'groupCollapsed',
          'groupEnd', 'clear', 'count', 'countReset', 'assert', 'profile', 'profileEnd', 'time', 'timeLog', 'timeEnd', 'timeStamp']) {
          ctx[n] = { [n](_) {} }[n];
        }
        return ctx;
      }

      // ---- other globals ---------------------------------------------------------------------
      case 'busy': return function busy(ms) { hostcall(H_busy, ms); };
      case 'forAwait': return hostcall(H_factory, 'forawait')(major >= 24);
      case 'fromAsync': return hostcall(H_factory, 'fromasync')(use('forAwait'));
      case 'disposable': return hostcall(H_factory, 'disposable')();
      case 'SuppressedError': return use('disposable').SuppressedError;
      case 'DisposableStack': return use('disposable').DisposableStack;
      case 'AsyncDisposableStack': return use('disposable').AsyncDisposableStack;
      // Intl and the locale-sensitive methods (intl.js, with intl_data.js's locales).
      case 'intl': return hostcall(H_factory, 'intl')(hostcall(H_factory, 'intl_data')(), { unsupported: (what) => hostcall(H_unsupported, what) });
      case 'Intl': return use('intl').Intl;
      // Every lowered import() calls it (sim/internal/lower): the engine's import, after
      // the promise jobs Node's loader takes beyond the engine's (opImportJobs).
      case 'dynamicImport': {
        const importNow = (name, options) => import(name, options);
        const noop = () => {};
        return function importModule(base, specifier, options) {
          // Before ES modules were unflagged (R-V7, 12.17.0) import() rejected.
          if (!hostcall(H_hasChange, 'R-V7')) return Promise.reject(new Error('Not supported'));
          let name, wait;
          try {
            [name, wait] = hostcall(H_importJobs, base, String(specifier));
          } catch (e) {
            return Promise.reject(e);
          }
          let p = use('resolved')();
          for (let i = 0; i < wait; i++) p = apply(promiseThen, p, [noop]);
          return apply(promiseThen, p, [() => importNow(name, options)]);
        };
      }
      case 'hasChange': return (id) => hostcall(H_hasChange, id); // a version change of sim/profile.go
      case 'nodeMajor': return major; // the profile's Node major
      case 'performance': return {
        now: () => (nowUS() + startUS) / 1000,
        timeOrigin: config.epochMS - startUS / 1000, // Date.now() when the process started
        // The timeline lives in perf_hooks.js, which replaces these on load.
        mark(...args) { return use('builtin')('perf_hooks').performance.mark(...args); },
        measure(...args) { return use('builtin')('perf_hooks').performance.measure(...args); },
        toJSON() { return { timeOrigin: this.timeOrigin }; },
      };
      case 'Buffer': return use('builtin')('buffer').Buffer;
      case 'URL': return use('builtin')('url').URL;
      case 'URLSearchParams': return use('builtin')('url').URLSearchParams;
      case 'TextEncoder': return use('builtin')('util').TextEncoder;
      case 'TextDecoder': return use('builtin')('util').TextDecoder;
      case 'fetch': return use('builtin')('fetch').fetch;
      case 'MessageChannel': return use('builtin')('worker_threads').MessageChannel;
      case 'MessagePort': return use('builtin')('worker_threads').MessagePort;
      case 'BroadcastChannel': return use('builtin')('worker_threads').BroadcastChannel;
      default: {
        const group = partGroups[name];
        if (group !== undefined) return useGroup(group)(name);
        for (const mod in moduleGlobals) {
          if (moduleGlobals[mod].includes(name)) return use('builtin')(mod)[name];
        }
        return undefined;
      }
    }
  };

  // The rarely needed parts live in files of their own (prelude_*.js), loaded on first
  // use: reading code costs a run in proportion to its size.
  const partGroups = { __proto__: null };
  for (const n of ['host', 'internals', 'hooks', 'builtinCache', 'builtin', 'loadBuiltin', 'refuseMissing', 'nodeValues', 'makeRequire', 'require', 'requireCache', 'relativeResolveCache', 'mainModule', 'requireFile', 'fileURLToPath']) partGroups[n] = 'prelude_modules';
  for (const n of ['process', 'runConfig', 'machineProcess', 'finalization', 'processEmitter', 'exit', 'hrtime', 'memoryUsage', 'emitWarning', 'stdio', 'unhandledRejectionError']) partGroups[n] = 'prelude_process';
  const webParts = ['DOMException', 'Event', 'CustomEvent', 'MessageEvent', 'CloseEvent', 'EventTarget', 'AbortController', 'AbortSignal',
    'Blob', 'File', 'Navigator', 'Crypto', 'CryptoKey', 'SubtleCrypto'];
  for (const n of webParts.concat(['restack', 'AbortError', 'abortError', 'webEvents', 'blobClasses', 'blobBytes', 'atob', 'btoa',
    'navigator', 'navigatorParts', 'crypto', 'webcrypto'])) partGroups[n] = 'prelude_web';
  // Globals that are a module's exports: the module is loaded on first read.
  const moduleGlobals = {
    fetch: ['Headers', 'Request', 'Response', 'FormData'],
    perf_hooks: ['Performance', 'PerformanceEntry', 'PerformanceMark', 'PerformanceMeasure', 'PerformanceObserver',
      'PerformanceObserverEntryList', 'PerformanceResourceTiming'],
    'stream/web': ['ReadableStream', 'ReadableStreamDefaultReader', 'ReadableStreamBYOBReader', 'ReadableStreamBYOBRequest',
      'ReadableByteStreamController', 'ReadableStreamDefaultController', 'TransformStream', 'TransformStreamDefaultController',
      'WritableStream', 'WritableStreamDefaultWriter', 'WritableStreamDefaultController', 'ByteLengthQueuingStrategy',
      'CountQueuingStrategy', 'TextEncoderStream', 'TextDecoderStream', 'CompressionStream', 'DecompressionStream'],
  };
  for (const n of ['serdes', 'structuredClone']) partGroups[n] = 'prelude_serdes';
  const groups = { __proto__: null };
  const shared = {
    use, made, hostcall, global, config, apply, defineProperty, nowUS, startUS,
    // kept before a profile takes away what its release lacks: a transfer detaches an
    // ArrayBuffer in every release
    arrayBufferTransfer: ArrayBuffer.prototype.transfer,
    isProcessEmitter: () => processEmits, setProcessEmitter: () => { processEmits = true; },
  };
  const useGroup = (g) => {
    if (groups[g] !== undefined) return groups[g];
    hostcall(H_internal, 1); // loading Node's own code costs no virtual time
    try {
      return (groups[g] = hostcall(H_factory, g)(shared));
    } finally {
      hostcall(H_internal, -1);
    }
  };

  // ---- the globals ----------------------------------------------------------------------
  // A lazy global is an accessor until first read, then a data property with Node's
  // attributes. Unsimulated ones end the run with unsupported_api instead of the
  // ReferenceError real Node would never throw.
  const lazyProperty = (obj, name, part, enumerable) => {
    defineProperty(obj, name, {
      get() {
        const v = use(part);
        defineProperty(obj, name, { value: v, writable: true, enumerable, configurable: true });
        return v;
      },
      set(v) { defineProperty(obj, name, { value: v, writable: true, enumerable, configurable: true }); },
      enumerable, configurable: true,
    });
  };
  const lazyGlobal = (name, part, enumerable) => lazyProperty(global, name, part, enumerable);
  defineProperty(global, 'global', { value: global, writable: true, enumerable: true, configurable: true });
  for (const n of ['clearImmediate', 'setImmediate', 'clearInterval', 'clearTimeout', 'setInterval', 'setTimeout', 'queueMicrotask', 'structuredClone', 'fetch', 'atob', 'btoa']) {
    lazyGlobal(n, n === 'clearInterval' || n === 'clearTimeout' ? 'clearTimer' : n, true);
  }
  // process and console are made directly, not through their modules' loader: giving
  // them their modules' refusing stand-ins (refuseMissing) at first read cost every run
  // 0.2-0.5 ms, a fifth to a half of a short simulation; require('process') and
  // require('console') are the same objects and add the stand-ins then.
  for (const n of ['process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'TextEncoder', 'TextDecoder', 'MessageChannel', 'MessagePort', 'BroadcastChannel'].concat(webParts)) lazyGlobal(n, n, false);
  lazyGlobal('performance', 'performance', true);
  lazyGlobal('navigator', 'navigator', true);
  lazyGlobal('crypto', 'crypto', true);
  for (const mod in moduleGlobals) for (const n of moduleGlobals[mod]) lazyGlobal(n, n, false);
  defineProperty(global, 'busy', { get: () => use('busy'), configurable: false, enumerable: false });
  // The ES-module wrappers of built-ins get their exports through it (modules.go): the
  // module's exports, or (copy) a plain object with the value of each, read as Node's own
  // work.
  const builtinCopy = (name) => {
    const m = use('builtin')(name), copy = { __proto__: null };
    for (const k in m) copy[k] = m[k];
    return copy;
  };
  defineProperty(global, '__looplab_builtin', {
    value: (name, copy) => {
      if (!copy) return use('builtin')(name);
      hostcall(H_internal, 1);
      try { return builtinCopy(name); } finally { hostcall(H_internal, -1); }
    },
    configurable: false, enumerable: false, writable: false,
  });
  // The ES-module wrapper of a CommonJS file requires it through it (cjsinterop.go).
  defineProperty(global, '__looplab_require', {
    value: (path) => use('makeRequire')(path)(path),
    configurable: false, enumerable: false, writable: false,
  });
  // Atomics.wait and Atomics.notify block and wake threads in virtual time (shared.go).
  {
    const nativeLoad = Atomics.load;
    const waitable = (ta, name) => {
      const tag = ta && Object.prototype.toString.call(ta);
      if (tag !== '[object Int32Array]' && tag !== '[object BigInt64Array]') {
        throw new TypeError('[object Array] is not an int32 or BigInt64 typed array.');
      }
      if (name === 'wait' && Object.prototype.toString.call(ta.buffer) !== '[object SharedArrayBuffer]') {
        throw new TypeError('[object Array] is not a shared typed array.');
      }
    };
    defineProperty(Atomics, 'wait', { value: function wait(ta, index, value, timeout) {
      waitable(ta, 'wait');
      const i = Number(index);
      if (nativeLoad(ta, i) !== (tagIsBig(ta) ? BigInt(value) : Number(value) | 0)) return 'not-equal';
      const t = timeout === undefined ? Infinity : Number(timeout);
      return hostcall(H_atomicsWait, use('serdes').shareId(ta.buffer), ta.byteOffset + i * ta.BYTES_PER_ELEMENT, Number.isNaN(t) ? Infinity : t);
    }, writable: true, configurable: true });
    defineProperty(Atomics, 'notify', { value: function notify(ta, index, count) {
      waitable(ta, 'notify');
      const i = Number(index);
      nativeLoad(ta, i); // the index check
      if (Object.prototype.toString.call(ta.buffer) !== '[object SharedArrayBuffer]') return 0;
      const n = count === undefined ? -1 : Math.max(0, Math.floor(Number(count)));
      return hostcall(H_atomicsNotify, use('serdes').shareId(ta.buffer), ta.byteOffset + i * ta.BYTES_PER_ELEMENT, n);
    }, writable: true, configurable: true });
    const tagIsBig = (ta) => Object.prototype.toString.call(ta) === '[object BigInt64Array]';
  }
  // Node has Symbol.dispose and Symbol.asyncDispose (explicit resource management).
  for (const n of ['dispose', 'asyncDispose']) {
    if (typeof Symbol[n] !== 'symbol') defineProperty(Symbol, n, { value: Symbol('Symbol.' + n) });
  }
  // Intl, and the toLocale*String methods that format with it (the engine has neither).
  lazyGlobal('Intl', 'Intl', false);
  const localeMethod = (proto, name, body) => defineProperty(proto, name, {
    value: { [name](...args) { return body(this, args[0], args[1]); } }[name], writable: true, enumerable: false, configurable: true,
  });
  const dateValueOf = OrigDate.prototype.valueOf;
  for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) {
    localeMethod(OrigDate.prototype, name, (d, locales, options) => {
      apply(dateValueOf, d, []); // a TypeError for a receiver that is not a Date
      return use('intl').date[name](d, locales, options);
    });
  }
  const numberValueOf = Number.prototype.valueOf, bigintValueOf = BigInt.prototype.valueOf;
  localeMethod(Number.prototype, 'toLocaleString', (x, locales, options) => use('intl').number(apply(numberValueOf, x, []), locales, options));
  localeMethod(BigInt.prototype, 'toLocaleString', (x, locales, options) => use('intl').number(apply(bigintValueOf, x, []), locales, options));
  localeMethod(Array.prototype, 'toLocaleString', (a, locales, options) => use('intl').array(a, locales, options));
  defineProperty(String.prototype, 'localeCompare', {
    value: function localeCompare(that) {
      if (this === undefined || this === null) throw new TypeError('String.prototype.localeCompare called on null or undefined');
      return use('intl').localeCompare(String(this), String(that), arguments[1], arguments[2]);
    },
    writable: true, enumerable: false, configurable: true,
  });
  // Array.fromAsync (V8 12.4, Node 22 on), which the engine lacks.
  if (major >= 22) lazyProperty(Array, 'fromAsync', 'fromAsync', false);
  // Explicit resource management (V8 13.4, Node 24 on: R-V31), which the engine lacks;
  // lowered `using` declarations call config.usingGlobal (sim/internal/lower).
  if (major >= 24) {
    for (const n of ['SuppressedError', 'DisposableStack', 'AsyncDisposableStack']) lazyGlobal(n, n, false);
    defineProperty(global, config.usingGlobal, { get: () => use('disposable').using, configurable: false, enumerable: false });
  }
  // Every lowered `for await` and import() calls them (sim/internal/lower): made on first use.
  defineProperty(global, config.importGlobal, { get: () => use('dynamicImport'), configurable: false, enumerable: false });
  defineProperty(global, config.forAwaitGlobal, { get: () => use('forAwait'), configurable: false, enumerable: false });
  // V8's AggregateError from Promise.any carries this message; the engine leaves it empty.
  defineProperty(AggregateError.prototype, 'message', { value: 'All promises were rejected', writable: true, configurable: true });
  // A global of Node's the simulator does not make is a refusing stand-in, made on first
  // read (sim/registry.go refusedGlobals: [name, kind, why]).
  for (const [n, kind, why] of REFUSED_GLOBALS) {
    defineProperty(global, n, {
      get() {
        const v = use('refusing')('the global ' + n, kind, why);
        defineProperty(global, n, { value: v, writable: true, enumerable: false, configurable: true });
        return v;
      },
      set(v) { defineProperty(global, n, { value: v, writable: true, enumerable: false, configurable: true }); },
      configurable: true, enumerable: false,
    });
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
    // configured() is called once the run's part of config is set: a process made before
    // (while a warm runtime was set up) takes the run's argv and env.
    configured: () => { if (made.process !== undefined) use('runConfig')(); },
    builtin: (name) => use('builtin')(name),
    requireFile: (path, fn, key) => use('requireFile')(path, fn, key),
    // require(module) is the entry module's require; module becomes require.main.
    require: (main) => { if (made.mainModule === undefined) made.mainModule = main; return use('require'); },
    unhandledRejectionError: (reason) => use('unhandledRejectionError')(reason),
    serializeError: (err) => use('serdes').serializeError(err),
  };
})
