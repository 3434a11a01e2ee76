// timers/promises setInterval: next() resolves per interval; aborting rejects the pending next().
const { setInterval: every } = require('timers/promises');
const ac = new AbortController();
const it = every(20, 'tick', { signal: ac.signal });
(async () => {
  try {
    console.log(await it.next());
    console.log(await it.next());
    const p = it.next();
    ac.abort();
    await p;
  } catch (e) {
    console.log('rejected', e.name, e.code);
  }
  console.log(await it.next());
})();
