const { EventEmitter } = events;
const ee = new EventEmitter();
for (const bad of [undefined, null, 42, 'str', {}]) {
  try {
    ee.on('ev', bad);
  } catch (e) {
    console.log(e.name, e.code, '|', e.message);
  }
}
try { ee.once('ev', 1); } catch (e) { console.log('once', e.code); }
try { ee.removeListener('ev', 1); } catch (e) { console.log('removeListener', e.code); }
try { ee.prependListener('ev'); } catch (e) { console.log('prepend', e.code); }
