// import() inside an ES module: named and default exports of a built-in.
const events = await import('node:events');
console.log('EventEmitter', typeof events.EventEmitter, events.default === events.EventEmitter);
const { once } = await import('node:events');
const ee = new events.EventEmitter();
setTimeout(() => ee.emit('ready', 42), 10);
const [value] = await once(ee, 'ready');
console.log('ready with', value);
