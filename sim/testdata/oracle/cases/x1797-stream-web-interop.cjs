// Node streams and web streams: Readable.toWeb, Readable.fromWeb, a TransformStream and
// Writable.toWeb, read with readers and 'data' events.
const { Readable, Writable } = require('stream');
(async () => {
  const web = Readable.toWeb(Readable.from(['p', 'q']));
  const reader = web.getReader();
  console.log(await reader.read(), await reader.read(), await reader.read());
  const rs = new ReadableStream({ start(c) { c.enqueue('one'); c.enqueue('two'); c.close(); } });
  const node = Readable.fromWeb(rs, { objectMode: true });
  await new Promise((resolve) => { node.on('data', (x) => console.log('node got', x)); node.on('end', resolve); });
  const ts = new TransformStream({ transform(chunk, c) { c.enqueue(chunk * 2); } });
  const w = ts.writable.getWriter();
  w.write(1); w.write(2); w.close();
  const tr = ts.readable.getReader();
  for (let s = await tr.read(); !s.done; s = await tr.read()) console.log('doubled', s.value);
  const ws = Writable.toWeb(new Writable({ write(c, e, cb) { console.log('written', c.toString()); cb(); } }));
  const ww = ws.getWriter();
  await ww.write(new TextEncoder().encode('hi'));
  await ww.close();
  console.log('closed');
})();
