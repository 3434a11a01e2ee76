// Typed arrays that share a buffer still share it in the clone; a Buffer becomes a Uint8Array.
const buf = new ArrayBuffer(8);
const a = new Uint8Array(buf, 0, 4);
const b = new Uint16Array(buf, 4, 2);
a[0] = 9; b[0] = 513;
const c = structuredClone({ a, b });
console.log(c.a.buffer === c.b.buffer, c.a[0], c.b[0], c.a.byteOffset, c.b.byteOffset);
const fromBuffer = structuredClone(Buffer.from('hi'));
console.log(fromBuffer.constructor.name, [...fromBuffer]);
