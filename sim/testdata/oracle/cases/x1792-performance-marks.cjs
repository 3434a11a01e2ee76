// performance: now() grows with time, marks and measures are entries a program reads back.
const { performance: perf } = require('perf_hooks');
console.log(perf === performance, typeof performance.timeOrigin, performance.now() >= 0);
const m1 = performance.mark('start', { detail: { step: 1 } });
console.log(m1.name, m1.entryType, typeof m1.startTime, m1.duration, m1.detail, m1 instanceof PerformanceMark);
setTimeout(() => {
  performance.mark('end');
  const m = performance.measure('work', 'start', 'end');
  console.log(m.name, m.entryType, m.duration >= 50, m.duration < 1000, m instanceof PerformanceEntry);
  console.log(performance.getEntriesByType('mark').map((e) => e.name), performance.getEntriesByName('work').length);
  console.log(performance.getEntries().map((e) => e.entryType + ':' + e.name));
  performance.clearMarks('start');
  console.log(performance.getEntriesByType('mark').map((e) => e.name));
  performance.clearMarks();
  performance.clearMeasures();
  console.log(performance.getEntries().length);
  try { performance.measure('x', 'nope'); } catch (e) { console.log(e.name, e.code); }
}, 60);
