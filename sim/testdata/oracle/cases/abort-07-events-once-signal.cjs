// events.once with a signal rejects when aborted before the event.
const { EventEmitter, once } = require('events');
const ee = new EventEmitter();
const ac = new AbortController();
once(ee, 'never', { signal: ac.signal }).catch((e) => console.log(e.name, ee.listenerCount('never')));
ac.abort();
