// TextEncoder and TextDecoder: UTF-8 both ways, encodeInto, a BOM, fatal and streaming.
const enc = new TextEncoder();
const bytes = enc.encode('héllo €');
console.log(bytes.length, Array.from(bytes.slice(0, 3)), enc.encoding);
const target = new Uint8Array(4);
console.log(enc.encodeInto('a€b', target), Array.from(target));
const dec = new TextDecoder();
console.log(dec.decode(bytes), dec.encoding, dec.fatal, dec.ignoreBOM);
console.log(JSON.stringify(dec.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))));
console.log(JSON.stringify(new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))));
console.log(JSON.stringify(dec.decode(new Uint8Array([0x61, 0xff, 0x62]))));
try { new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0xff])); } catch (e) { console.log(e.name, e.code); }
const s = new TextDecoder();
const euro = enc.encode('€');
console.log(JSON.stringify(s.decode(euro.slice(0, 2), { stream: true })), s.decode(euro.slice(2)));
console.log(new TextDecoder('utf-16le').decode(new Uint8Array([0x68, 0, 0x69, 0])), new TextDecoder('latin1').encoding);
