// events.on(emitter, name, { close }) ends the iteration on a close event once the
// queued events are read; an 'error' rejects it; the iterator is an AsyncIterator.
const { on, EventEmitter } = require('events');
const ee = new EventEmitter();
(async () => {
  const it = on(ee, 'item', { close: ['done'] });
  console.log(typeof it[Symbol.asyncIterator], ee.listenerCount('item'), ee.listenerCount('done'));
  process.nextTick(() => { ee.emit('item', 1); ee.emit('item', 2, 'two'); ee.emit('done'); ee.emit('item', 3); });
  for await (const args of it) console.log('got', args);
  console.log('ended', ee.listenerCount('item'), ee.listenerCount('done'), ee.listenerCount('error'));
  const it2 = on(ee, 'item');
  setImmediate(() => { ee.emit('item', 'a'); ee.emit('error', new Error('boom')); });
  try { for await (const [v] of it2) console.log('got2', v); } catch (e) { console.log('caught', e.message); }
  console.log(ee.listenerCount('item'));
  const ac = new AbortController();
  const it3 = on(ee, 'item', { signal: ac.signal });
  setTimeout(() => ac.abort(), 1);
  try { for await (const x of it3) console.log(x); } catch (e) { console.log(e.name, e.code); }
})();
