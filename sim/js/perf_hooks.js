// perf_hooks.js: performance on virtual time.
(function (exports, internals) {
  'use strict';
  const { host } = internals;
  const performance = internals.performance;
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
  exports.performance = performance;
  // monitorEventLoopDelay: a timer every `resolution` ms measures how long each interval
  // really took (in ns, the resolution included), as Node's histogram does.
  exports.monitorEventLoopDelay = (options) => {
    const resolution = (options && options.resolution) || 10;
    let from = -1;
    let base = [];
    const samples = () => base.concat(from < 0 ? [] : host.delaySamples(from, resolution));
    const sorted = () => samples().sort((a, b) => a - b);
    const h = {
      enable() { if (from < 0) { from = host.nowUS(); return true; } return false; },
      disable() { if (from < 0) return false; base = samples(); from = -1; return true; },
      reset() { base = []; if (from >= 0) from = host.nowUS(); },
      percentile(p) { const s = sorted(); return s.length ? s[Math.min(s.length, Math.max(1, Math.ceil(p / 100 * s.length))) - 1] : 0; },
      get min() { const s = sorted(); return s.length ? s[0] : 9223372036854776000; },
      get max() { const s = sorted(); return s.length ? s[s.length - 1] : 0; },
      get mean() { const s = samples(); return s.length ? s.reduce((a, b) => a + b, 0) / s.length : NaN; },
      get stddev() { const s = samples(); if (!s.length) return NaN; const m = h.mean; return Math.sqrt(s.reduce((a, b) => a + (b - m) * (b - m), 0) / s.length); },
      get count() { return samples().length; },
      get exceeds() { return 0; },
      get percentiles() { const m = new Map(); for (const p of [0, 50, 75, 87.5, 93.75, 96.875, 98.4375, 100]) m.set(p, h.percentile(p || 0.0001)); return m; },
    };
    return h;
  };
  exports.PerformanceObserver = function PerformanceObserver() { internals.unsupported('PerformanceObserver'); };
})
