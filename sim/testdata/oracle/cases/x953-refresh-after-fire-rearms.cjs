// timeout.refresh() on a timer that has ALREADY fired re-activates it (as
// documented): the 10 ms timer fires at ~10 ms, is refreshed at ~30 ms and
// fires again at ~40 ms, before the 150 ms timer. refresh() returns the timer.
let fired = 0;
const t = setTimeout(() => {
  fired++;
  console.log('10 ms timer fired (time ' + fired + ')');
}, 10);
setTimeout(() => {
  console.log('timeout 30 refreshes it, returns the timer: ' + (t.refresh() === t));
}, 30);
setTimeout(() => console.log('timeout 150, fired ' + fired + ' times'), 150);
