// pipeline with generator functions and iterables as stages: values, a thrown error, a PassThrough at the end, wrong stages.
const { pipeline } = require('node:stream');
const sp = require('node:stream/promises');
const { Readable, Writable, PassThrough } = require('node:stream');
const log = (...a) => console.log(...a);
// generator source -> transform gen -> async sink fn
sp.pipeline(async function* () { yield 'a'; yield 'b'; }, async function* (src) { for await (const c of src) yield c + '!'; },
  async function (src) { let s = ''; for await (const c of src) s += c; return s; }).then((v) => log('value', v));
// array source into writable
const got = [];
const w = new Writable({ objectMode: true, write(c, e, cb) { got.push(c); setTimeout(cb, 1); } });
pipeline([1, 2, 3], w, (err) => log('array->writable', err, got.join()));
// generator throws
sp.pipeline(Readable.from(['x', 'y']), async function* (src) { for await (const c of src) { if (c === 'y') throw new Error('bad y'); yield c; } }, new PassThrough({ objectMode: true }))
  .catch((e) => log('rejected', e.message));
// last is a generator: returns a PassThrough
const pt = pipeline(Readable.from([1, 2]), async function* (src) { for await (const c of src) yield c * 2; }, (err) => log('cb', err));
pt.on('data', (d) => log('pt data', d));
// bad source
try { pipeline(42, w, () => {}); } catch (e) { log(e.code, e.message); }
try { pipeline(Readable.from([1]), (s) => 5, new PassThrough(), () => {}); } catch (e) { log(e.code, e.message); }
try { pipeline(Readable.from([1]), (s) => 5, () => {}); } catch (e) { log(e.code, e.message); }
