// Timeout and Immediate objects: the delay Node keeps (normalized: a bad or missing
// delay is 1), _repeat, properties a program adds or deletes, and the methods.
// Timers 150 ms or more away: at 30-60 ms, a loaded machine (load 15-18) ran the
// synchronous part past the first of them in up to 28% of runs.
const a = setTimeout(() => console.log('a fired'), 200);
const b = setTimeout(() => console.log('b fired'));
const c = setTimeout(() => {}, 'soon');
const iv = setInterval(() => { console.log('interval'); clearInterval(iv); }, 150.5);
console.log(a._idleTimeout, b._idleTimeout, c._idleTimeout, iv._idleTimeout, a._repeat, iv._repeat);
clearTimeout(b);
clearTimeout(c);
a.label = 'mine';
console.log(a.label, 'label' in a, Object.keys(a).includes('label'), Object.keys(a).includes('_idleTimeout'));
delete a.label;
console.log(a.label, 'label' in a, typeof a.ref, a.hasRef(), a.unref().hasRef(), a.ref().hasRef());
const im = setImmediate(function () { console.log('immediate this is im:', this === im); });
im.tag = 1;
console.log(im.tag, typeof im.ref, im.hasRef(), Object.keys(im).includes('tag'));
setTimeout(function () { console.log('timeout this is the Timeout:', this._idleTimeout === 300); }, 300);
