// clearTimeout on a timer that is already due in the current timers pass:
// it is removed and never runs. B shares A's list; D is in another list that
// is also due in this pass (main busy-waits 30 ms so everything is due).
let b, d;
setTimeout(() => {
  console.log('timer A clears B and D');
  clearTimeout(b);
  clearTimeout(d);
}, 5);
b = setTimeout(() => console.log('timer B (never)'), 5);
setTimeout(() => console.log('timer C'), 5);
d = setTimeout(() => console.log('timer D (never)'), 10);
setTimeout(() => console.log('timer E'), 10);
busy(30);
console.log('main done');
