// map's concurrency: up to N mappers run at once, the results come out in the source's
// order however the mappers finish; the work interleaves with timers as Node's does.
const { Readable } = require('stream');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
if (typeof Readable.prototype.map !== 'function') {
  console.log('no stream operators');
} else {
  (async () => {
    const started = [];
    const finished = [];
    const out = await Readable.from([80, 10, 20, 5]).map(async (ms) => {
      started.push(ms);
      await sleep(ms);
      finished.push(ms);
      return ms * 2;
    }, { concurrency: 2 }).toArray();
    console.log(out, started, finished);
    const seen = [];
    const all = await Readable.from([3, 1, 2]).map(async (ms) => { await sleep(ms * 25); seen.push(ms); return ms; }, { concurrency: 3 }).toArray();
    console.log(all, seen);
    const log = [];
    const p = Readable.from([1, 2, 3]).map((x) => { log.push('map ' + x); return x; }).toArray();
    log.push('sync end');
    console.log(await p, log.join(', '));
    const firstBig = await Readable.from([1, 5, 10, 50]).find(async (x) => { await sleep(1); return x > 4; });
    console.log(firstBig);
  })();
}
