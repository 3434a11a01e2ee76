// string_decoder keeps a character split across chunks (UTF-8, UTF-16LE) or a base64
// group for the next write, and gives the rest at end().
const { StringDecoder } = require('string_decoder');
const d = new StringDecoder('utf8');
console.log(JSON.stringify(d.write(Buffer.from([0xe2, 0x82]))), d.write(Buffer.from([0xac])), JSON.stringify(d.end()));
console.log(JSON.stringify(d.write(Buffer.from([0xf0, 0x9f]))), JSON.stringify(d.end()).length);
const d2 = new StringDecoder('hex');
console.log(d2.write(Buffer.from('ab')), d2.encoding, new StringDecoder().encoding, new StringDecoder('base64').write(Buffer.from('abcd')), new StringDecoder('base64').end(Buffer.from('a')));
const u = new StringDecoder('utf16le');
console.log(JSON.stringify(u.write(Buffer.from([0x61]))), u.write(Buffer.from([0x00, 0x62, 0x00])), u.end(), new StringDecoder('latin1').write(Buffer.from([0xe9])));
try { new StringDecoder('nope'); } catch (e) { console.log(e.name, e.code, e.message); }
