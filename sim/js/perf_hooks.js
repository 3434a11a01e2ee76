// perf_hooks.js: performance on virtual time. The global performance gets its marks,
// measures and timeline here (prelude.js delegates mark and measure on first use);
// observers receive what they watch in one batch from a setImmediate queued when the
// first entry arrives, sorted by start time, as Node delivers them.
(function (exports, internals) {
  'use strict';
  const { host, makeError, invalidArgType } = internals;
  const performance = internals.performance;
  const kInspect = Symbol.for('nodejs.util.inspect.custom');

  // ---- entries and the timeline -------------------------------------------------------------
  class PerformanceEntry {
    constructor(name, type, start, duration, detail) {
      if (arguments.length === 0 || typeof type !== 'string') throw makeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
      Object.defineProperties(this, {
        name: { value: name, enumerable: true }, entryType: { value: type, enumerable: true },
        startTime: { value: start, enumerable: true }, duration: { value: duration, enumerable: true },
      });
      if (detail !== undefined) Object.defineProperty(this, 'detail', { value: detail, enumerable: true });
    }
    toJSON() { const o = { name: this.name, entryType: this.entryType, startTime: this.startTime, duration: this.duration }; if ('detail' in this) o.detail = this.detail; return o; }
    [kInspect](depth, options, inspect) {
      const shown = new ({ [this.constructor.name]: class {} })[this.constructor.name]();
      Object.assign(shown, this.toJSON());
      return inspect(shown, options);
    }
  }
  class PerformanceMark extends PerformanceEntry {
    constructor(name, options) {
      if (arguments.length === 0) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "name" argument must be specified');
      const start = options && options.startTime !== undefined ? options.startTime : performance.now();
      super(String(name), 'mark', start, 0, options && options.detail !== undefined ? structuredClone(options.detail) : null);
    }
  }
  class PerformanceMeasure extends PerformanceEntry {}
  class PerformanceResourceTiming extends PerformanceEntry {
    constructor() { throw makeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor'); }
  }
  const timeline = [];
  const byStart = (list) => list.slice().sort((a, b) => a.startTime - b.startTime);
  function add(entry) { timeline.push(entry); deliver(entry); return entry; }
  function markTime(name) {
    if (typeof name === 'number') return name;
    for (let i = timeline.length - 1; i >= 0; i--) if (timeline[i].entryType === 'mark' && timeline[i].name === name) return timeline[i].startTime;
    const e = new Error('The "' + name + '" performance mark has not been set'); // a DOMException in Node
    Object.defineProperties(e, { name: { value: 'SyntaxError', configurable: true, writable: true }, code: { value: 12, configurable: true, writable: true } });
    throw e;
  }
  performance.mark = function mark(name, options) { return add(new PerformanceMark(name, options)); };
  performance.measure = function measure(name, startOrOptions, endMark) {
    let start = 0, end, detail;
    if (startOrOptions !== null && typeof startOrOptions === 'object') {
      const o = startOrOptions;
      if (o.start !== undefined) start = markTime(o.start);
      if (o.end !== undefined) end = markTime(o.end);
      else if (o.duration !== undefined) end = start + o.duration;
      if (o.start === undefined && o.duration !== undefined && end !== undefined) start = end - o.duration;
      detail = o.detail;
    } else if (startOrOptions !== undefined) start = markTime(startOrOptions);
    if (end === undefined) end = endMark !== undefined ? markTime(endMark) : performance.now();
    return add(new PerformanceMeasure(String(name), 'measure', start, end - start, detail === undefined ? null : structuredClone(detail)));
  };
  performance.getEntries = () => byStart(timeline);
  performance.getEntriesByName = (name, type) => byStart(timeline.filter((e) => e.name === name && (type === undefined || e.entryType === type)));
  performance.getEntriesByType = (type) => byStart(timeline.filter((e) => e.entryType === type));
  const clear = (type) => (name) => {
    for (let i = timeline.length - 1; i >= 0; i--) if (timeline[i].entryType === type && (name === undefined || timeline[i].name === name)) timeline.splice(i, 1);
  };
  performance.clearMarks = clear('mark');
  performance.clearMeasures = clear('measure');
  performance.clearResourceTimings = clear('resource');
  performance.setResourceTimingBufferSize = () => {};
  // timerify: the wrapped function's calls become 'function' entries (for observers).
  performance.timerify = function timerify(fn) {
    if (typeof fn !== 'function') throw invalidArgType('fn', 'of type function', fn);
    const timed = function (...args) {
      const start = performance.now();
      const result = new.target ? Reflect.construct(fn, args, fn) : Reflect.apply(fn, this, args);
      const entry = new PerformanceEntry(fn.name, 'function', start, performance.now() - start, args);
      deliver(entry);
      return result;
    };
    Object.defineProperties(timed, { name: { value: 'timerified ' + fn.name }, length: { value: fn.length } });
    return timed;
  };
  // eventLoopUtilization: idle is the time the loop spent blocked in poll.
  performance.eventLoopUtilization = (u1, u2) => {
    const [idle, active] = host.elu();
    let cur = { idle, active, utilization: idle + active > 0 ? active / (idle + active) : 0 };
    const base = u2 || u1;
    if (u1 && u2) cur = u1;
    if (base) {
      const di = cur.idle - base.idle;
      const da = cur.active - base.active;
      return { idle: di, active: da, utilization: di + da > 0 ? da / (di + da) : 0 };
    }
    return cur;
  };
  performance.toJSON = function toJSON() { return { nodeTiming: performance.nodeTiming, timeOrigin: performance.timeOrigin, eventLoopUtilization: performance.eventLoopUtilization() }; };
  class PerformanceNodeTiming {
    get name() { return 'node'; }
    get entryType() { return 'node'; }
    get startTime() { return 0; }
    get duration() { return performance.now(); }
    get nodeStart() { return 1; }
    get v8Start() { return 3; }
    get environment() { return 12; }
    get bootstrapComplete() { return 25; }
    get loopStart() { return -1; }
    get loopExit() { return -1; }
    get idleTime() { return host.elu()[0]; }
  }
  performance.nodeTiming = new PerformanceNodeTiming();

  // ---- observers --------------------------------------------------------------------------
  class PerformanceObserverEntryList {
    #entries;
    constructor(entries) { this.#entries = byStart(entries); }
    getEntries() { return this.#entries.slice(); }
    getEntriesByName(name, type) { return this.#entries.filter((e) => e.name === name && (type === undefined || e.entryType === type)); }
    getEntriesByType(type) { return this.#entries.filter((e) => e.entryType === type); }
  }
  const observers = new Set();
  class PerformanceObserver {
    #cb; #types = new Set(); #buffer = []; #queued = false;
    constructor(callback) {
      if (typeof callback !== 'function') throw invalidArgType('callback', 'of type function', callback);
      this.#cb = callback;
    }
    static get supportedEntryTypes() { return ['dns', 'function', 'gc', 'http', 'http2', 'mark', 'measure', 'net', 'resource']; }
    observe(options = {}) {
      const types = options.entryTypes || (options.type !== undefined ? [options.type] : []);
      for (const t of types) this.#types.add(t);
      observers.add(this);
      if (options.buffered) for (const e of timeline) if (this.#types.has(e.entryType)) this.take(e);
    }
    disconnect() { observers.delete(this); this.#buffer = []; }
    takeRecords() { const r = this.#buffer; this.#buffer = []; return r; }
    // take queues an entry; the first of a batch queues the delivery (setImmediate).
    take(entry) {
      if (!this.#types.has(entry.entryType)) return;
      this.#buffer.push(entry);
      if (this.#queued) return;
      this.#queued = true;
      setImmediate(() => {
        this.#queued = false;
        if (!observers.has(this) || this.#buffer.length === 0) return;
        const list = new PerformanceObserverEntryList(this.takeRecords());
        this.#cb(list, this);
      });
    }
  }
  function deliver(entry) { for (const o of observers) o.take(entry); }

  // ---- histograms ------------------------------------------------------------------------------
  // histogram(samples): the statistics Node's histograms give of a list of samples.
  function histogram(samples, extra) {
    const sorted = () => samples().slice().sort((a, b) => a - b);
    const h = {
      percentile(p) {
        if (typeof p !== 'number' || !(p > 0 && p <= 100)) throw makeError(RangeError, 'ERR_OUT_OF_RANGE', 'The value of "percentile" is out of range. It must be > 0 && <= 100. Received ' + p);
        const s = sorted(); return s.length ? s[Math.min(s.length, Math.max(1, Math.ceil(p / 100 * s.length))) - 1] : 0;
      },
      get min() { const s = sorted(); return s.length ? s[0] : 9223372036854776000; },
      get max() { const s = sorted(); return s.length ? s[s.length - 1] : 0; },
      get mean() { const s = samples(); return s.length ? s.reduce((a, b) => a + b, 0) / s.length : NaN; },
      get stddev() { const s = samples(); if (!s.length) return NaN; const m = h.mean; return Math.sqrt(s.reduce((a, b) => a + (b - m) * (b - m), 0) / s.length); },
      get count() { return samples().length; },
      get exceeds() { return 0; },
      get percentiles() { const m = new Map(); const s = sorted(); if (!s.length) { m.set(100, 0); return m; } for (const p of [0, 50, 75, 87.5, 93.75, 96.875, 98.4375, 100]) m.set(p, h.percentile(p || 0.0001)); return m; },
      get minBigInt() { return BigInt(h.min); },
      get maxBigInt() { return BigInt(h.max); },
      get countBigInt() { return BigInt(h.count); },
      get exceedsBigInt() { return 0n; },
      percentileBigInt(p) { return BigInt(h.percentile(p)); },
    };
    return Object.assign(h, extra);
  }
  // createHistogram: a histogram the program records into.
  function createHistogram(options) {
    let values = [];
    const lowest = options && options.lowest !== undefined ? Number(options.lowest) : 1;
    const h = histogram(() => values, {
      record(v) {
        const n = Number(v);
        if (!Number.isInteger(n) || n < lowest) throw makeError(RangeError, 'ERR_OUT_OF_RANGE', 'The value of "val" is out of range. It must be >= ' + lowest + ' && <= 9007199254740991. Received ' + v);
        values.push(n);
      },
      recordDelta() { const now = Math.round(performance.now() * 1e6); if (this.last !== undefined) values.push(now - this.last); this.last = now; },
      reset() { values = []; },
      add(other) { values = values.concat(Array.from({ length: other.count }, (_, i) => other.percentile(((i + 1) / other.count) * 100))); },
    });
    return h;
  }
  // monitorEventLoopDelay: a timer every `resolution` ms measures how long each interval
  // really took (in ns, the resolution included), as Node's histogram does.
  function monitorEventLoopDelay(options) {
    const resolution = (options && options.resolution) || 10;
    let from = -1;
    let base = [];
    const samples = () => base.concat(from < 0 ? [] : host.delaySamples(from, resolution));
    return histogram(samples, {
      enable() { if (from < 0) { from = host.nowUS(); return true; } return false; },
      disable() { if (from < 0) return false; base = samples(); from = -1; return true; },
      reset() { base = []; if (from >= 0) from = host.nowUS(); },
    });
  }

  Object.assign(exports, {
    performance, Performance: performance.constructor === Object ? function Performance() { throw makeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor'); } : performance.constructor,
    PerformanceEntry, PerformanceMark, PerformanceMeasure, PerformanceObserver, PerformanceObserverEntryList,
    PerformanceResourceTiming, monitorEventLoopDelay, createHistogram, eventLoopUtilization: performance.eventLoopUtilization,
    timerify: performance.timerify, constants: internals.nodeValues('perf_hooks').constants,
  });
})
