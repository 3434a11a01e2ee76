// Making buffers: toJSON and a JSON round trip, Buffer.from every input (string,
// array, array-like, ArrayBuffer with offset and length, another buffer, typed arrays,
// an object with valueOf or Symbol.toPrimitive, a toJSON object), alloc/allocUnsafe/
// allocUnsafeSlow/of, byteLength of every input kind, copyBytesFrom where the release has
// it, the Uint8Array methods that keep making Buffers, parent/offset, and their errors.
const b = Buffer.from('héllo');
const json = JSON.stringify(b);
console.log(json, JSON.stringify({ payload: Buffer.from([1, 2]) }), JSON.stringify(Buffer.alloc(0)));
const back = Buffer.from(JSON.parse(json));
console.log(back.toString(), back.equals(b), JSON.parse(JSON.stringify({ b }), (k, v) => (v && v.type === 'Buffer' ? Buffer.from(v.data) : v)).b.toString());
console.log(Buffer.from([1, 256, -1, 3.7, '4', 'x']), Buffer.from({ length: 3, 0: 7, 2: 9 }), Buffer.from({ length: 'x' }), Buffer.from(new Uint16Array([1, 258])));
const ab = new ArrayBuffer(8);
const view = Buffer.from(ab, 2, 4);
view[0] = 42;
console.log(view, new Uint8Array(ab)[2], view.buffer === ab, view.byteOffset, Buffer.from(ab).length, Buffer.from(ab, 6).length, Buffer.from(ab, '3', '2').length);
console.log(Buffer.from(new String('str')), Buffer.from({ valueOf() { return 'vo'; } }), Buffer.from({ [Symbol.toPrimitive]() { return 'tp'; } }), Buffer.from(Buffer.from('copy')));
const copy = Buffer.from(b);
copy[0] = 0x48;
console.log(b.toString(), copy.toString(), Buffer.from('aGk=', 'base64').toString(), Buffer.from('6869', 'hex').toString());
console.log(Buffer.alloc(3), Buffer.allocUnsafe(3).length, Buffer.allocUnsafeSlow(2).length, Buffer.of(1, 2, 300), Buffer.of().length, Buffer.alloc(2.5).length);
console.log(Buffer.byteLength('héllo'), Buffer.byteLength('héllo', 'latin1'), Buffer.byteLength('aGk=', 'base64'), Buffer.byteLength('abcd', 'hex'), Buffer.byteLength('ab', 'ucs2'), Buffer.byteLength('😀'), Buffer.byteLength('\ud800'));
console.log(Buffer.byteLength(b), Buffer.byteLength(new Uint16Array(3)), Buffer.byteLength(new ArrayBuffer(5)), Buffer.byteLength(new DataView(new ArrayBuffer(6))), Buffer.byteLength('x', 'nope'), Buffer.byteLength(''));
if (typeof Buffer.copyBytesFrom === 'function') {
  const u16 = new Uint16Array([1, 2, 3]);
  console.log(Buffer.copyBytesFrom(u16), Buffer.copyBytesFrom(u16, 1), Buffer.copyBytesFrom(u16, 1, 1), Buffer.copyBytesFrom(u16, 5).length);
} else console.log('<Buffer 01 00 02 00 03 00> <Buffer 02 00 03 00> <Buffer 02 00> 0');
const m = b.map((x) => x + 1);
console.log(m, m instanceof Buffer, b.filter((x) => x < 0x80), Buffer.isBuffer(b.reverse()), b.reverse().toString(), Buffer.isBuffer(new Uint8Array(2)));
console.log(b.parent === b.buffer, b.offset === b.byteOffset, b.toLocaleString(), b.toLocaleString('hex', 1, 2), Buffer.prototype.parent, b.constructor === Buffer, Object.getPrototypeOf(Buffer) === Uint8Array);
console.log(Buffer.from('ab') instanceof Uint8Array, [...Buffer.from('ab').entries()], Array.from(Buffer.from('ab')), Buffer.from('abc')[2]);
for (const [label, f] of [['number', () => Buffer.from(5)], ['null', () => Buffer.from(null)], ['size', () => Buffer.alloc('5')], ['neg', () => Buffer.alloc(-1)],
  ['concat', () => Buffer.concat('x')], ['byteLength', () => Buffer.byteLength(5)], ['ab offset', () => Buffer.from(new ArrayBuffer(4), 5)],
  ['ab length', () => Buffer.from(new ArrayBuffer(4), 1, 9)]]) {
  try { console.log(label, f()); } catch (e) { console.log(label, e.name, e.code, e.message); }
}
