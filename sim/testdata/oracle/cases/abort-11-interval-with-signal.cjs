// timers/promises setInterval stopped by an AbortController.
const { setInterval: every } = require('timers/promises');
const ac = new AbortController();
(async () => {
  let n = 0;
  try {
    for await (const _ of every(15, null, { signal: ac.signal })) {
      console.log('tick', ++n);
      if (n === 2) ac.abort();
    }
  } catch (e) {
    console.log('loop ended by', e.name);
  }
})();
