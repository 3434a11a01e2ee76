// Moving and ordering bytes: copy(target, targetStart, sourceStart, sourceEnd) with
// overlaps and clipping, Buffer.compare and compare with ranges, equals, Buffer.concat
// with a total length, subarray/slice sharing memory, and swap16/32/64 with their
// ERR_INVALID_BUFFER_SIZE.
const src = Buffer.from('abcdefgh');
const dst = Buffer.alloc(6, '.');
console.log(src.copy(dst), dst.toString(), src.copy(dst, 4), dst.toString(), src.copy(dst, 1, 6), dst.toString(), src.copy(dst, 0, 2, 4), dst.toString());
console.log(src.copy(dst, 10), src.copy(dst, 0, 5, 5), src.copy(dst, 0, 3, 1), src.copy(dst, 2, 1.7, '3'), dst.toString());
const o = Buffer.from('0123456789');
console.log(o.copy(o, 2, 0, 5), o.toString(), o.copy(o, 0, 4), o.toString(), src.copy(new Uint8Array(3), 1));
const a = Buffer.from('abc'), b = Buffer.from('abd'), c = Buffer.from('ab');
console.log(Buffer.compare(a, b), Buffer.compare(b, a), Buffer.compare(a, c), Buffer.compare(c, a), Buffer.compare(a, Buffer.from('abc')), [b, c, a].sort(Buffer.compare).map(String));
console.log(a.compare(b), a.compare(b, 0, 2), a.compare(b, 2), a.compare(b, 0, 3, 0, 2), a.compare(b, 1, 1), a.compare(b, 0, 1, 1, 1), a.compare(b, 2, 3, 2, 3));
console.log(a.equals(Buffer.from('abc')), a.equals(b), a.equals(new Uint8Array([97, 98, 99])), a.equals(a));
console.log(Buffer.concat([a, b, c]), Buffer.concat([a, b], 4), Buffer.concat([a], 5), Buffer.concat([]), Buffer.concat([new Uint8Array([1, 2])]), Buffer.concat([a, c]).toString());
const s = src.subarray(2, 5);
s[0] = 0x43;
console.log(s, src.toString(), src.slice(-3).toString(), src.subarray(5, 2).length, src.slice(1, -1).toString(), src.subarray(-100, 100).length, s.buffer === src.buffer);
const sw = Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]);
console.log(sw.swap16(), sw.swap32(), sw.swap64(), sw.swap16() === sw);
for (const [label, f] of [['swap16', () => Buffer.alloc(3).swap16()], ['swap32', () => Buffer.alloc(6).swap32()], ['swap64', () => Buffer.alloc(12).swap64()],
  ['copy -1', () => src.copy(dst, 0, -1)], ['compare', () => a.compare('abc')], ['Buffer.compare', () => Buffer.compare(a, 'x')], ['equals', () => a.equals([1])],
  ['concat', () => Buffer.concat([a, 'x'])]]) {
  try { console.log(label, f()); } catch (e) { console.log(label, e.name, e.code, e.message); }
}
