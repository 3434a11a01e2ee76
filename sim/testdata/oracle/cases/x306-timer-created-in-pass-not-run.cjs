// The timers pass uses one frozen "now": a 0 ms timer created by a timer
// callback never runs in the same pass, even though another timer of the
// same (1 ms) list is still waiting to run in this pass. From a timer
// callback, setImmediate therefore always beats setTimeout(0). (Main
// busy-waits 5 ms so A and B are surely both due in the first pass.)
setTimeout(() => {
  console.log('timer A');
  setTimeout(() => console.log('timeout 0 (queued by A)'), 0);
  setImmediate(() => console.log('setImmediate (queued by A)'));
}, 1);
setTimeout(() => console.log('timer B (same list as A)'), 1);
busy(5);
