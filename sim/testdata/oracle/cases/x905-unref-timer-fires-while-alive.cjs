// An unref()'d timer still fires if something else keeps the loop alive
// long enough; ref() makes a timer keep the process alive again; hasRef()
// reports the state.
const a = setTimeout(() => console.log('unref timer 10 fired'), 10);
a.unref();
console.log('a.hasRef() after unref: ' + a.hasRef());
const b = setTimeout(() => console.log('re-ref timer 40 fired'), 40);
b.unref();
b.ref();
console.log('b.hasRef() after unref+ref: ' + b.hasRef());
setTimeout(() => console.log('ref timer 25 fired'), 25);
const c = setTimeout(() => console.log('unref timer 80 (never)'), 80);
c.unref();
process.on('exit', () => console.log('exit'));
