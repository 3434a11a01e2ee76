// timers/promises setImmediate aborted in the same tick never resolves.
const { setImmediate: immediate } = require('timers/promises');
const ac = new AbortController();
immediate('v', { signal: ac.signal }).then((v) => console.log(v), (e) => console.log(e.name));
ac.abort();
setImmediate(() => console.log('plain immediate'));
