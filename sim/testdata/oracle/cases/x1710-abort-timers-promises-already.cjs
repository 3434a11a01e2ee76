// An already-aborted signal rejects the wait at once; the timer is never armed.
const { setTimeout: sleep, setImmediate: immediate } = require('timers/promises');
const s = AbortSignal.abort('no');
sleep(10, 'x', { signal: s }).catch((e) => console.log('sleep', e.name, e.cause));
immediate('y', { signal: s }).catch((e) => console.log('immediate', e.name, e.cause));
console.log('sync');
