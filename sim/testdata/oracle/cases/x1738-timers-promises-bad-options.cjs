// Bad options reject the promise (no throw): ERR_INVALID_ARG_TYPE.
const { setTimeout: sleep } = require('timers/promises');
sleep(1, 1, 'x').catch((e) => console.log('options:', e.code));
sleep(1, 1, { signal: {} }).catch((e) => console.log('signal:', e.code));
sleep(1, 1, { ref: 'yes' }).catch((e) => console.log('ref:', e.code));
console.log('sync');
