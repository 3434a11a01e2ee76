// An unref()'d timer still fires if something else keeps the loop alive
// long enough; ref() makes a timer keep the process alive again; hasRef()
// reports the state.
// Margins of 50 ms or more between timers: with 15 ms (10, 25, 40 ms) a
// machine at a load of 20 delayed the statements arming them past the gap
// (Node 22 and 24 printed the 40 ms timer before the 25 ms one in 8-13% of runs).
const a = setTimeout(() => console.log('unref timer 10 fired'), 10);
a.unref();
console.log('a.hasRef() after unref: ' + a.hasRef());
const b = setTimeout(() => console.log('re-ref timer 120 fired'), 120);
b.unref();
b.ref();
console.log('b.hasRef() after unref+ref: ' + b.hasRef());
setTimeout(() => console.log('ref timer 60 fired'), 60);
const c = setTimeout(() => console.log('unref timer 300 (never)'), 300);
c.unref();
process.on('exit', () => console.log('exit'));
