// timers/promises setTimeout rejects with AbortError (code ABORT_ERR, the reason as cause).
const { setTimeout: sleep } = require('timers/promises');
const ac = new AbortController();
sleep(1000, 'v', { signal: ac.signal }).then(
  (v) => console.log('resolved', v),
  (e) => console.log('rejected', e.name, e.code, e.message, e.cause));
setTimeout(() => { ac.abort('too slow'); console.log('aborted'); }, 20);
