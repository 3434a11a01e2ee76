// Searching a buffer: indexOf, lastIndexOf and includes with numbers, strings in an
// encoding, buffers, negative and out-of-range byteOffsets, an encoding in the offset's
// place, empty needles, and a value of the wrong type.
const b = Buffer.from('abcabc€abc');
console.log(b.indexOf('abc'), b.indexOf('abc', 1), b.indexOf('abc', -3), b.indexOf('abc', -100), b.indexOf('abc', 100), b.indexOf('€'), b.indexOf('zz'));
console.log(b.lastIndexOf('abc'), b.lastIndexOf('abc', 5), b.lastIndexOf('abc', -4), b.lastIndexOf('abc', -100), b.lastIndexOf('abc', 100), b.lastIndexOf('c', 0));
console.log(b.indexOf(98), b.indexOf(98 + 256), b.indexOf(-159), b.lastIndexOf(0x61), b.indexOf(0xe2), b.includes(0x82), b.includes(0x83));
console.log(b.indexOf(Buffer.from('ca')), b.lastIndexOf(Buffer.from('bc')), b.includes(Buffer.from('c€a')), b.indexOf(new Uint8Array([0x61, 0x62]), 4));
console.log(b.indexOf(''), b.indexOf('', 4), b.indexOf('', 100), b.lastIndexOf(''), b.lastIndexOf('', 2), b.indexOf(Buffer.alloc(0), -2));
console.log(b.indexOf('6263', 'hex'), b.indexOf('YmM=', 'base64'), b.indexOf('bc', 'latin1'), b.indexOf('c', 3, 'ascii'), b.includes('abc', 8), b.includes('abc', 7));
const u = Buffer.from('abcabc', 'utf16le');
console.log(u.indexOf('bc', 0, 'utf16le'), u.lastIndexOf('b', undefined, 'ucs2'), u.indexOf('c', 3, 'ucs2'), u.indexOf(Buffer.from('b\u0000c'), 0, 'ucs2'));
console.log(b.indexOf('abc', NaN), b.lastIndexOf('abc', NaN), b.indexOf('abc', {}), b.indexOf('abc', null), b.indexOf('abc', 1.9), b.lastIndexOf('a', -0.5));
for (const [label, f] of [['object', () => b.indexOf({})], ['bad enc', () => b.indexOf('a', 0, 'nope')], ['bool', () => b.includes(true)], ['offset string', () => b.indexOf('abc', '1')]]) {
  try { console.log(label, f()); } catch (e) { console.log(label, e.name, e.code, e.message); }
}
