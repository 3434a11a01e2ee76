// The operators' errors: a bad function, a negative count, a concurrency below 1, a
// reduce of an empty stream without an initial value, an aborted signal, an error thrown
// by the mapper (the promise rejects with it).
const { Readable } = require('stream');
if (typeof Readable.prototype.map !== 'function') {
  console.log('no stream operators');
} else {
  const show = (e) => console.log(e.name, e.code, e.message);
  try { Readable.from([1]).map('nope'); } catch (e) { show(e); }
  try { Readable.from([1]).take(-1); } catch (e) { show(e); }
  try { Readable.from([1]).drop(-2); } catch (e) { show(e); }
  try { Readable.from([1]).map((x) => x, { concurrency: 0 }); } catch (e) { show(e); }
  try { Readable.from([1]).map((x) => x, 'options'); } catch (e) { show(e); }
  try { Readable.from([1]).filter((x) => x, { signal: 'not a signal' }); } catch (e) { show(e); }
  try { new Readable.prototype.map((x) => x); } catch (e) { show(e); }
  (async () => {
    try { await Readable.from([]).reduce((a, b) => a + b); } catch (e) { show(e); }
    try { await Readable.from([1]).forEach(5); } catch (e) { show(e); }
    try { await Readable.from([1]).toArray('x'); } catch (e) { show(e); }
    try {
      await Readable.from([1, 2, 3]).map((x) => { if (x === 2) throw new Error('bad ' + x); return x; }).toArray();
    } catch (e) { console.log('mapper threw:', e.message); }
    const ac = new AbortController();
    ac.abort();
    try { await Readable.from([1, 2]).toArray({ signal: ac.signal }); } catch (e) { console.log(e.name, e.code); }
    try { await Readable.from([1, 2]).map((x) => x, { signal: ac.signal }).toArray(); } catch (e) { console.log(e.name, e.code); }
    console.log(await Readable.from([1, 2, 3]).take(NaN).toArray(), await Readable.from([1, 2]).drop('1').toArray());
  })();
}
