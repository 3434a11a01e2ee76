// R-E1 (804): emit('error') without a listener throws synchronously.
const { EventEmitter, errorMonitor } = events;
const ee = new EventEmitter();
try {
  ee.emit('error', new Error('bad'));
  console.log('not reached');
} catch (e) {
  console.log('threw synchronously:', e.message, e instanceof Error);
}
for (const v of ['boom', 42, undefined, null, { a: 1, b: 'x' }, [1, 2], true]) {
  try {
    ee.emit('error', v);
  } catch (e) {
    console.log(e.message, '|', e.code, '|', e.context === v);
  }
}
const same = new TypeError('same object');
try { ee.emit('error', same); } catch (e) { console.log('same error object thrown:', e === same); }
ee.on(errorMonitor, (e) => console.log('monitor saw', e.message));
try { ee.emit('error', new Error('monitored')); } catch (e) { console.log('still threw', e.message); }
ee.on('error', (e) => console.log('handled:', e.message));
console.log('returned', ee.emit('error', new Error('bad again')));
console.log('end');
