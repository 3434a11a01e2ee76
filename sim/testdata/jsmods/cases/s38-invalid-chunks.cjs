const { Readable, Writable } = stream;
const w = new Writable({ write(c, e, cb) { cb(); } });
try { w.write(null); } catch (e) { console.log(e.name, e.code, e.message); }
try { w.write(42); } catch (e) { console.log(e.name, e.code); }
const ow = new Writable({ objectMode: true, write(c, e, cb) { console.log('object write', typeof c); cb(); } });
ow.write(42);
ow.write({ a: 1 });
try { ow.write(null); } catch (e) { console.log('objectMode null', e.code); }
const r = new Readable({ read() {} });
r.on('error', (e) => console.log('readable error', e.name, e.code));
r.push(42);
const r2 = new Readable({ read() {} });
r2.on('error', (e) => console.log('push after EOF', e.code, e.message));
r2.push(null);
r2.push('late');
const r3 = new Readable({ read() {} });
r3.on('error', (e) => console.log('not implemented', e.code, e.message));
r3._read = Readable.prototype._read;
r3.resume();
