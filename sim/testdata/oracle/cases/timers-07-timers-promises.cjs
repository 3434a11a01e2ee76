// node:timers/promises: setTimeout with a value, setImmediate, and setInterval as an async iterator.
const { setTimeout: delay, setImmediate: immediate, setInterval: every } = require('node:timers/promises');
(async () => {
  const v = await delay(10, 'value');
  console.log('delay resolved with', v);
  console.log('immediate resolved with', await immediate('now'));
  let n = 0;
  for await (const tick of every(20, 'tick')) {
    n++;
    console.log(tick, n);
    if (n === 3) break;
  }
  console.log('interval iterator closed');
})();
