// perf_hooks: marks and measures on the timeline (global performance too), entries
// sorted by start time, an observer's batch delivered from the check phase (before
// an immediate queued after the first mark), timerify, createHistogram, clearMarks.
const { performance: perf, PerformanceObserver, PerformanceMark, PerformanceEntry, createHistogram } = require('perf_hooks');
console.log(perf === performance, typeof PerformanceEntry);
const obs = new PerformanceObserver((list, o) => {
  console.log('observed', list.getEntries().map((e) => e.entryType + ':' + e.name));
  o.disconnect();
});
obs.observe({ entryTypes: ['mark', 'measure'] });
const m = performance.mark('a', { detail: { x: 1 } });
console.log(m.name, m.entryType, typeof m.startTime, m.duration, m.detail, m instanceof PerformanceMark, m.constructor.name);
busy(5);
perf.mark('b');
const me = perf.measure('a to b', 'a', 'b');
console.log(me.entryType, me.name, me.duration >= 5, perf.getEntriesByName('a').length, perf.getEntriesByType('mark').length, perf.getEntries().length);
process.nextTick(() => console.log('tick'));
setImmediate(() => console.log('immediate'));
Promise.resolve().then(() => console.log('micro'));
const h = createHistogram();
h.record(5); h.record(15);
console.log(h.min, h.max, h.mean, h.count, h.percentile(50), h.exceeds);
const f = perf.timerify(function add(a, b) { return a + b; });
console.log(f(1, 2), f.name, f.length);
console.log(Object.keys(perf.toJSON()));
try { perf.measure('bad', 'nope'); } catch (e) { console.log(e.name, e.code, e.message); }
perf.clearMarks();
console.log(perf.getEntriesByType('mark').length, perf.getEntriesByType('measure').length);
console.log(Object.keys(m.toJSON()));
