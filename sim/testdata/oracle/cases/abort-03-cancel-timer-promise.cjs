// Cancelling timers/promises setTimeout with a signal rejects with an AbortError.
const { setTimeout: sleep } = require('timers/promises');
const ac = new AbortController();
sleep(100, 'done', { signal: ac.signal })
  .then((v) => console.log(v))
  .catch((e) => console.log(e.name, e.code));
setTimeout(() => ac.abort(), 20);
