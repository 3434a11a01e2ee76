// Timeout objects: unref()/ref() return the timer itself and hasRef() tracks
// the state; an unref'd interval runs while other timers keep the loop alive
// but does not keep the process alive by itself; refresh() re-arms a timer
// from "now" (40 ms timer refreshed at 20 ms fires at ~60 ms).
const t = setTimeout(() => console.log('re-ref timer 130'), 130);
console.log('unref() returns the timer: ' + (t.unref() === t) + ', hasRef ' + t.hasRef());
console.log('ref() returns the timer: ' + (t.ref() === t) + ', hasRef ' + t.hasRef());
let ivRuns = 0;
const iv = setInterval(() => {
  if (++ivRuns === 1) console.log('unref interval first run (~5 ms)');
}, 5);
iv.unref();
const r = setTimeout(() => console.log('refreshed timer (~60 ms)'), 40);
setTimeout(() => {
  console.log('timeout 20 refreshes the 40 ms timer');
  r.refresh();
}, 20);
setTimeout(() => console.log('timeout 90'), 90);
process.on('exit', () => console.log('exit, interval ran more than once: ' + (ivRuns > 1)));
