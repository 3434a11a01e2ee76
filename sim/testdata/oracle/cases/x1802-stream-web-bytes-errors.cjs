// Web streams over bytes: a Readable's Buffers arrive as Uint8Arrays, its error errors the
// web reader; Writable.fromWeb and Duplex.toWeb carry chunks and close in order.
const { Readable, Writable, Duplex, PassThrough } = require('stream');
(async () => {
  const r = new Readable({ read() {} });
  const web = Readable.toWeb(r);
  r.push(Buffer.from('ab')); r.push('cd'); r.push(null);
  const reader = web.getReader();
  let s;
  while (!(s = await reader.read()).done) console.log(s.value, s.value.constructor.name);
  const bad = new Readable({ read() {} });
  const wb = Readable.toWeb(bad).getReader();
  bad.destroy(new Error('boom'));
  try { await wb.read(); } catch (e) { console.log('web read error', e.message); }
  const ws = new WritableStream({ write(c) { console.log('sink', c); }, close() { console.log('sink closed'); } });
  const nw = Writable.fromWeb(ws, { objectMode: true });
  nw.write('x'); nw.end('y', () => console.log('node end cb'));
  nw.on('finish', () => console.log('nw finish'));
  await new Promise((r) => nw.on('close', r));
  console.log('nw closed');
  const { readable, writable } = Duplex.toWeb(new PassThrough());
  const w = writable.getWriter(); w.write(new Uint8Array([1, 2])); w.close();
  const rr = readable.getReader();
  while (!(s = await rr.read()).done) console.log('pass', s.value);
  console.log('all done');
})();
