// stream/consumers reads a whole stream: text across split UTF-8 bytes, JSON, a Buffer,
// bytes, a Blob and an ArrayBuffer, from Node and web streams alike.
const { text, json, buffer, arrayBuffer, blob } = require('stream/consumers');
const { Readable } = require('stream');
(async () => {
  const euro = Buffer.from('€');
  console.log(await text(Readable.from([Buffer.from('price: '), euro.subarray(0, 1), euro.subarray(1)])));
  console.log(await json(Readable.from(['{"a":', '[1,2]}'])));
  const b = await buffer(Readable.from([Buffer.from('ab'), Buffer.from('cd')]));
  console.log(Buffer.isBuffer(b), b.toString());
  const ab = await arrayBuffer(new ReadableStream({ start(c) { c.enqueue(new Uint8Array([1, 2, 3])); c.close(); } }));
  console.log(ab instanceof ArrayBuffer, ab.byteLength);
  const bl = await blob(Readable.from(['x', 'yz']));
  console.log(bl.size, await bl.text());
  try { await json(Readable.from(['{bad'])); } catch (e) { console.log(e.name); }
})();
