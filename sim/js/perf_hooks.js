// perf_hooks.js: performance on virtual time - marks and measures in the timeline,
// observers (their callbacks from an immediate, as Node's), timerify, histograms and the
// event loop's utilisation and delay.
(function (exports, internals) {
  'use strict';
  const { host } = internals;
  const performance = internals.performance; // the global's object: now() and timeOrigin
  const inspectCustom = Symbol.for('nodejs.util.inspect.custom');
  const kConstruct = Symbol('construct');
  const illegal = () => internals.makeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
  const domError = (message, name) => new (internals.DOMException)(message, name);

  // ---- entries ----
  class PerformanceEntry {
    #name; #type; #start; #duration; #detail;
    constructor(key, name, type, start, duration, detail) {
      if (key !== kConstruct) throw illegal();
      this.#name = name; this.#type = type; this.#start = start; this.#duration = duration; this.#detail = detail;
    }
    get name() { return this.#name; }
    get entryType() { return this.#type; }
    get startTime() { return this.#start; }
    get duration() { return this.#duration; }
    get detail() { return this.#detail; }
    toJSON() {
      const o = { name: this.name, entryType: this.entryType, startTime: this.startTime, duration: this.duration };
      if (this.#type === 'mark' || this.#type === 'measure') o.detail = this.detail;
      return o;
    }
    [inspectCustom](depth, options, inspect) {
      if (typeof depth === 'number' && depth < 0) return this;
      return this.constructor.name + ' ' + inspect(this.toJSON(), options);
    }
  }
  const cloneDetail = (detail) => (detail === undefined ? null : internals.structuredClone(detail));
  class PerformanceMark extends PerformanceEntry {
    constructor(name, options = undefined) {
      if (arguments.length === 0) throw internals.makeError(TypeError, 'ERR_MISSING_ARGS', 'The "name" argument must be specified');
      const start = options && options.startTime !== undefined ? Number(options.startTime) : performance.now();
      if (start < 0) throw internals.makeError(TypeError, 'ERR_PERFORMANCE_INVALID_TIMESTAMP', `${start} is not a valid timestamp`);
      super(kConstruct, String(name), 'mark', start, 0, cloneDetail(options && options.detail));
    }
  }
  class PerformanceMeasure extends PerformanceEntry {
    constructor(key, ...a) { if (key !== kConstruct) throw illegal(); super(key, ...a); }
  }
  class PerformanceResourceTiming extends PerformanceEntry {
    constructor() { throw illegal(); }
  }
  const newMeasure = (name, start, duration, detail) => new PerformanceMeasure(kConstruct, name, 'measure', start, duration, detail);
  for (const C of [PerformanceEntry, PerformanceMark, PerformanceMeasure, PerformanceResourceTiming]) {
    Object.defineProperty(C.prototype, Symbol.toStringTag, { value: C.name, configurable: true });
  }

  // ---- the timeline (marks and measures a program reads back) ----
  let timeline = [];
  const byStart = (list) => list.map((e, i) => [e, i]).sort((a, b) => a[0].startTime - b[0].startTime || a[1] - b[1]).map((x) => x[0]);
  const markTime = (name) => {
    if (typeof name === 'number') {
      if (name < 0) throw internals.makeError(TypeError, 'ERR_PERFORMANCE_INVALID_TIMESTAMP', `${name} is not a valid timestamp`);
      return name;
    }
    for (let i = timeline.length - 1; i >= 0; i--) if (timeline[i].entryType === 'mark' && timeline[i].name === name) return timeline[i].startTime;
    throw domError(`The "${name}" performance mark has not been set`, 'SyntaxError');
  };
  const mark = function mark(name, options) {
    const m = new PerformanceMark(name, options);
    timeline.push(m);
    enqueue(m);
    return m;
  };
  const measure = function measure(name, startOrOptions, endMark) {
    let start, end, detail = null;
    if (startOrOptions !== null && typeof startOrOptions === 'object') {
      const o = startOrOptions;
      if (o.start !== undefined && o.end !== undefined && o.duration !== undefined) {
        throw internals.makeError(TypeError, 'ERR_PERFORMANCE_MEASURE_INVALID_OPTIONS', 'Must not have start, end, and duration specified');
      }
      end = o.end !== undefined ? markTime(o.end) : o.start !== undefined && o.duration !== undefined ? markTime(o.start) + o.duration : performance.now();
      start = o.start !== undefined ? markTime(o.start) : o.duration !== undefined && o.end !== undefined ? end - o.duration : 0;
      detail = cloneDetail(o.detail);
    } else {
      end = endMark !== undefined ? markTime(endMark) : performance.now();
      start = startOrOptions !== undefined ? markTime(startOrOptions) : 0;
    }
    const m = newMeasure(String(name), start, end - start, detail);
    timeline.push(m);
    enqueue(m);
    return m;
  };
  const entriesWhere = (name, type) => byStart(timeline.filter((e) => (name === undefined || e.name === name) && (type === undefined || e.entryType === type)));
  const clearType = (type) => function (name) { timeline = timeline.filter((e) => e.entryType !== type || (name !== undefined && e.name !== String(name))); };

  // ---- observers ----
  const supportedEntryTypes = Object.freeze(['dns', 'function', 'gc', 'http', 'http2', 'mark', 'measure', 'net', 'resource']);
  const observers = new Set();
  let dispatchQueued = false;
  function enqueue(entry) {
    let any = false;
    for (const o of observers) any = o._offer(entry) || any;
    if (any && !dispatchQueued) {
      dispatchQueued = true;
      internals.builtin('timers').setImmediate(() => {
        dispatchQueued = false;
        for (const o of Array.from(observers)) o._dispatch();
      });
    }
  }
  class PerformanceObserverEntryList {
    #entries;
    constructor(key, entries) { if (key !== kConstruct) throw illegal(); this.#entries = byStart(entries); }
    getEntries() { return this.#entries.slice(); }
    getEntriesByType(type) { return this.#entries.filter((e) => e.entryType === String(type)); }
    getEntriesByName(name, type) { return this.#entries.filter((e) => e.name === String(name) && (type === undefined || e.entryType === String(type))); }
  }
  class PerformanceObserver {
    #callback; #types = new Set(); #buffer = [];
    constructor(callback) {
      internals.validateFunction(callback, 'callback');
      this.#callback = callback;
    }
    static get supportedEntryTypes() { return supportedEntryTypes; }
    observe(options = {}) {
      const { entryTypes, type, buffered } = options;
      if (entryTypes === undefined && type === undefined) throw internals.makeError(TypeError, 'ERR_MISSING_ARGS', 'The "options.entryTypes" or "options.type" argument must be specified');
      this.#types = new Set((entryTypes !== undefined ? Array.from(entryTypes) : [type]).filter((t) => supportedEntryTypes.includes(t)));
      observers.add(this);
      if (buffered && type !== undefined) for (const e of timeline) this._offer(e);
      if (this.#buffer.length) enqueue({ entryType: '' });
    }
    disconnect() { observers.delete(this); this.#buffer = []; }
    takeRecords() { const list = this.#buffer; this.#buffer = []; return list; }
    _offer(entry) {
      if (!this.#types.has(entry.entryType)) return false;
      this.#buffer.push(entry);
      return true;
    }
    _dispatch() {
      if (!this.#buffer.length) return;
      const list = new PerformanceObserverEntryList(kConstruct, this.takeRecords());
      Reflect.apply(this.#callback, this, [list, this]);
    }
  }

  // ---- timerify ----
  const timerify = function timerify(fn, options = {}) {
    internals.validateFunction(fn, 'fn');
    const wrapped = function timerified(...args) {
      const start = performance.now();
      const result = new.target ? Reflect.construct(fn, args, fn) : Reflect.apply(fn, this, args);
      const record = () => enqueue(new PerformanceEntry(kConstruct, fn.name, 'function', start, performance.now() - start, args));
      if (!new.target && result instanceof Promise && options.histogram === undefined) result.finally(record);
      else record();
      if (options.histogram) options.histogram.record(Math.max(1, Math.round((performance.now() - start) * 1e6)));
      return result;
    };
    Object.defineProperties(wrapped, {
      name: { value: 'timerified ' + fn.name, configurable: true },
      length: { value: fn.length, configurable: true },
    });
    return wrapped;
  };

  // ---- histograms (nanosecond integers, percentiles walked as HdrHistogram does) ----
  const emptyMin = 9223372036854776000;
  class Histogram {
    constructor(key, samples) { if (key !== kConstruct) throw illegal(); this._samples = samples; this._exceeds = 0; }
    _values() { return this._samples(); }
    get count() { return this._values().length; }
    get min() { const v = this._values(); return v.length ? Math.min(...v) : emptyMin; }
    get max() { const v = this._values(); return v.length ? Math.max(...v) : 0; }
    get mean() { const v = this._values(); return v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN; }
    get stddev() {
      const v = this._values();
      if (!v.length) return NaN;
      const m = this.mean;
      return Math.sqrt(v.reduce((a, b) => a + (b - m) * (b - m), 0) / v.length);
    }
    get exceeds() { return this._exceeds; }
    percentile(p) {
      if (typeof p !== 'number' || !(p > 0 && p <= 100)) throw internals.makeError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "percentile" is out of range. It must be > 0 && <= 100. Received ${p}`);
      const s = this._values().sort((a, b) => a - b);
      if (!s.length) return 0;
      return s[Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length))) - 1];
    }
    // percentiles: the levels 0, 50, 75, 87.5... each with the first value whose share of
    // the samples reaches it, then 100 with the largest.
    get percentiles() {
      const s = this._values().sort((a, b) => a - b);
      const m = new Map();
      if (!s.length) { m.set(100, 0); return m; }
      let level = 0, i = -1;
      const reached = (k) => ((k + 1) / s.length) * 100;
      for (;;) {
        if (i === s.length - 1) { m.set(100, s[i]); return m; }
        i = Math.max(i, 0);
        while (reached(i) < level) i++;
        m.set(level, s[i]);
        level += 100 / 2 ** (Math.floor(Math.log2(100 / (100 - level))) + 1);
      }
    }
    reset() { this._reset(); }
    toJSON() {
      return { count: this.count, min: this.min, max: this.max, mean: this.mean, exceeds: this.exceeds, stddev: this.stddev, percentiles: Object.fromEntries(this.percentiles) };
    }
    [inspectCustom](depth, options, inspect) {
      if (typeof depth === 'number' && depth < 0) return this;
      const o = { min: this.min, max: this.max, mean: this.mean, exceeds: this.exceeds, stddev: this.stddev, count: this.count, percentiles: this.percentiles };
      return this.constructor.name + ' ' + inspect(o, options);
    }
  }
  for (const k of ['count', 'min', 'max', 'mean', 'stddev', 'exceeds', 'percentiles']) {
    Object.defineProperty(Histogram.prototype, k + 'BigInt', { get() { return BigInt(Math.round(this[k] === emptyMin ? 0 : this[k])); }, configurable: true });
  }
  class RecordableHistogram extends Histogram {
    constructor(key) {
      const values = [];
      super(key, () => values.slice());
      this._list = values;
      this._last = undefined;
    }
    _reset() { this._list.length = 0; this._last = undefined; this._exceeds = 0; }
    record(val) {
      const n = typeof val === 'bigint' ? Number(val) : val;
      if (typeof n !== 'number') throw internals.invalidArgType('val', ['number', 'bigint'], val);
      const low = internals.nodeMajor >= 26 ? 0 : 1;
      if (!(n >= low && n <= Number.MAX_SAFE_INTEGER)) {
        throw internals.makeError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "val" is out of range. It must be >= ${low} && <= 9007199254740991. Received ${n}`);
      }
      this._list.push(n);
    }
    recordDelta() {
      const now = host.nowUS() * 1000;
      if (this._last !== undefined) this._list.push(Math.max(1, now - this._last));
      this._last = now;
    }
    add(other) {
      if (!(other instanceof RecordableHistogram)) throw internals.invalidArgType('other', 'an instance of RecordableHistogram', other);
      this._list.push(...other._list);
    }
  }
  const createHistogram = function createHistogram(options = {}) {
    const lowest = options.lowest === undefined ? 1 : options.lowest;
    if (typeof lowest !== 'number' && typeof lowest !== 'bigint') throw internals.invalidArgType('options.lowest', ['number', 'bigint'], lowest);
    return new RecordableHistogram(kConstruct);
  };
  // monitorEventLoopDelay: a timer every `resolution` ms measures how long each interval
  // really took (in ns, the resolution included), as Node's histogram does.
  class IntervalHistogram extends Histogram {
    constructor(key, resolution) {
      let from = -1, base = [];
      super(key, () => base.concat(from < 0 ? [] : host.delaySamples(from, resolution)));
      this._enable = () => { if (from < 0) { from = host.nowUS(); return true; } return false; };
      this._disable = () => { if (from < 0) return false; base = this._values(); from = -1; return true; };
      this._reset = () => { base = []; if (from >= 0) from = host.nowUS(); };
    }
    enable() { return this._enable(); }
    disable() { return this._disable(); }
  }
  const monitorEventLoopDelay = function monitorEventLoopDelay(options) {
    const resolution = (options && options.resolution) || 10;
    return new IntervalHistogram(kConstruct, resolution);
  };

  // eventLoopUtilization: idle is the time the loop spent blocked in poll.
  const eventLoopUtilization = function eventLoopUtilization(u1, u2) {
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

  // ---- the performance object ----
  class Performance {
    constructor() { throw illegal(); }
  }
  const methods = {
    mark, measure, timerify, eventLoopUtilization,
    getEntries() { return entriesWhere(undefined, undefined); },
    getEntriesByName(name, type) { return entriesWhere(String(name), type === undefined ? undefined : String(type)); },
    getEntriesByType(type) { return entriesWhere(undefined, String(type)); },
    clearMarks: clearType('mark'),
    clearMeasures: clearType('measure'),
    clearResourceTimings: clearType('resource'),
    markResourceTiming() { internals.unsupported('performance.markResourceTiming', 'resource timings come from fetch in a browser-like client: not simulated'); },
    setResourceTimingBufferSize() {},
  };
  for (const k of Object.keys(methods)) {
    Object.defineProperty(performance, k, { value: methods[k], writable: true, enumerable: false, configurable: true });
  }
  Object.setPrototypeOf(performance, Performance.prototype);
  Object.defineProperty(Performance.prototype, Symbol.toStringTag, { value: 'Performance', configurable: true });

  Object.assign(exports, {
    performance, Performance, PerformanceEntry, PerformanceMark, PerformanceMeasure, PerformanceObserver,
    PerformanceObserverEntryList, PerformanceResourceTiming, createHistogram, monitorEventLoopDelay,
    eventLoopUtilization, timerify,
  });
})
