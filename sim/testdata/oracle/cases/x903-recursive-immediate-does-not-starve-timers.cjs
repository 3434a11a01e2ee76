// Recursive setImmediate does not starve timers: each hop runs in the next
// loop iteration, and the timers pass at the end of an iteration runs the
// 10 ms timer long before 50 hops (each busy-waiting 2 ms) are done.
let hops = 0;
let timerFired = false;
setTimeout(() => {
  timerFired = true;
  console.log('timeout 10 fired while immediates are still recursing: ' + (hops > 0 && hops < 50));
}, 10);
function hop() {
  busy(2);
  if (++hops < 50) setImmediate(hop);
  else console.log('50 hops done, timer fired before: ' + timerFired);
}
setImmediate(hop);
