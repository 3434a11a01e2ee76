// Strings into buffers and back: every encoding of Buffer.from and toString (with start
// and end), what does not fit an encoding (lone surrogates, bad hex, loose base64,
// ill-formed UTF-8), write(string, offset, length, encoding) and its partial characters,
// fill with numbers, strings, encodings and buffers, alloc with a fill, the *Slice and
// *Write methods, and an unknown encoding.
const s = 'héllo €𝄞';
for (const enc of ['utf8', 'utf16le', 'latin1', 'ascii', 'hex', 'base64']) {
  const b = Buffer.from(s, enc);
  console.log(enc, b.length, b.toString('hex'), JSON.stringify(b.toString(enc)));
}
const u = Buffer.from(s);
console.log(u.toString('base64'), Buffer.isEncoding('base64url') ? u.toString('base64url') : 'aMOpbGxvIOKCrPCdhJ4', u.toString('latin1').length, JSON.stringify(u.toString('ascii')));
console.log(u.toString('utf8', 1, 3), JSON.stringify(u.toString('utf8', 2)), u.toString('hex', -5, 3), u.toString(undefined, 7, 100), JSON.stringify(u.toString('utf8', 5, 2)));
console.log(Buffer.from('\ud800x\udc00'), Buffer.from('\ud83d\ude00'), JSON.stringify(Buffer.from([0xe2, 0x82, 0x41, 0xf0, 0x9f, 0x98, 0xed, 0xa0, 0x80, 0xc0, 0xff]).toString()));
console.log(Buffer.from('abzz12', 'hex'), Buffer.from('abc', 'hex'), Buffer.from('AbCdEf', 'HEX'), Buffer.from('a b\nc=d', 'base64'), Buffer.from('-_+/', 'base64'), Buffer.from('aGk', Buffer.isEncoding('base64url') ? 'base64url' : 'base64'));
console.log(Buffer.from('€', 'latin1'), Buffer.from('ÿĀ', 'binary'), Buffer.from([0xff, 0x41]).toString('ascii').split('').map((c) => c.charCodeAt(0)), Buffer.from('aGVsbG8=', 'base64').toString(), Buffer.from('UCS', 'ucs2'));
const w = Buffer.alloc(8);
console.log(w.write('hi'), w.write('€€', 3), w, w.write('€€', 5), w.write('abcdef', 2, 3), w, w.write('ff00', 6, 'hex'), w);
console.log(w.write('aaaa', 'latin1'), w.write('xyz', 1, 'utf16le'), w, w.write('\ud83d\ude00', 4, 3), w.write('', 0), w.write('zz', 7, 'hex'));
const f = Buffer.alloc(10);
const hex = (b) => b.toString('hex');
console.log(hex(f.fill(1)), hex(f.fill('ab')), hex(f.fill('€', 1, 5)), hex(f.fill(0x101, 8)), hex(f.fill('a1', 'hex')), hex(f.fill('aGk=', 1, 'base64')));
console.log(hex(f.fill('')), hex(f.fill(Buffer.from([9, 8, 7]), 2, 9)), hex(f.fill('ÿ', 'latin1')), hex(f.fill('x', 3, 3)), hex(f.fill(true)), f.fill(-1, 5) === f, f);
console.log(Buffer.alloc(5, 'ab'), Buffer.alloc(4, 'ffee', 'hex'), Buffer.alloc(3, 257), Buffer.alloc(4, Buffer.from('xy')), Buffer.alloc(0, 'a'));
console.log(u.hexSlice(0, 3), u.latin1Slice(1, 3).length, u.utf8Slice(0, 5), u.asciiSlice(), u.base64Slice(0, 4), u.ucs2Slice(0, 4).length);
const x = Buffer.alloc(6);
console.log(x.utf8Write('héllo'), x.hexWrite('ab', 5), x.latin1Write('é', 0, 1), x.asciiWrite('xyz', 1, 2), x.ucs2Write('ab', 2), x.base64Write('/w==', 4), x);
for (const [label, f2] of [['from', () => Buffer.from('x', 'nope')], ['toString', () => u.toString('utf9')], ['write', () => w.write('a', 0, 1, 'bogus')],
  ['fill', () => f.fill('a', 'bogus')], ['fill hex', () => f.fill('zz', 'hex')], ['fill enc', () => f.fill('a', 0, 2, 5)]]) {
  try { console.log(label, f2()); } catch (e) { console.log(label, e.name, e.code, e.message); }
}
console.log(Buffer.isEncoding('UTF-8'), Buffer.isEncoding('ucs-2'), Buffer.isEncoding('binary'), Buffer.isEncoding('utf9'), Buffer.isEncoding(''), Buffer.isEncoding(8));
