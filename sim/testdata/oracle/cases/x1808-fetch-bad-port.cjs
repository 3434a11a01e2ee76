// fetch refuses the Fetch standard's bad ports before connecting: a TypeError whose cause
// is Error('bad port'), after the microtasks queued before it.
fetch('http://127.0.0.1:6000/').catch((e) => console.log(e.name, e.message, e.cause && e.cause.message, e.cause && e.cause.name, Object.keys(e.cause || {})));
fetch('http://127.0.0.1:1/x').catch((e) => console.log('second', e.cause.message));
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('micro'));
setImmediate(() => console.log('immediate'));
