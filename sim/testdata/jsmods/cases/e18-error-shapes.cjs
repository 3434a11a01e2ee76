// Errors thrown by the modules look like Node's internal errors.
const { EventEmitter } = events;
const { Writable, Readable } = stream;
const ee = new EventEmitter();
function show(e) {
  console.log(String(e), '|', e.name, '|', e.code, '|', JSON.stringify(Object.keys(e)), '|', e instanceof Error);
}
try { ee.on('x', 1); } catch (e) { show(e); }
try { ee.emit('error', { code: 7 }); } catch (e) { show(e); }
try { ee.setMaxListeners('5'); } catch (e) { show(e); }
try { new Writable().write(null); } catch (e) { show(e); }
const w = new Writable({ write(c, e, cb) { cb(); } });
w.on('error', show);
w.end();
w.write('late');
const r = new Readable();
r.on('error', show);
r.read();
