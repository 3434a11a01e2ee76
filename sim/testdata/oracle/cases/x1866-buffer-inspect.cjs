// How console.log and util.inspect show buffers: <Buffer 68 69>, nested in arrays,
// objects and Maps, long ones cut at buffer.INSPECT_MAX_BYTES (and after it is changed,
// with its validation), extra own properties, showHidden, a subclass's name, an empty
// buffer, and a Uint8Array beside a Buffer.
const util = require('util');
const buffer = require('buffer');
const b = Buffer.from('hi');
console.log(b, [b, Buffer.alloc(0)], { data: b, nested: { deeper: [Buffer.from([1, 2, 3])] } });
console.log(new Map([['k', Buffer.from('map')]]), new Set([Buffer.from('set')]), new Uint8Array([104, 105]));
console.log(util.inspect(Buffer.alloc(60, 1)));
console.log(buffer.INSPECT_MAX_BYTES, util.format('%o|%j|%s', Buffer.from('a'), Buffer.from('b'), Buffer.from('c')));
buffer.INSPECT_MAX_BYTES = 4;
console.log(Buffer.from('abcdefg'), Buffer.from('abcd'), Buffer.from('abcde'), buffer.INSPECT_MAX_BYTES);
buffer.INSPECT_MAX_BYTES = 0;
console.log(Buffer.from('xyz'));
buffer.INSPECT_MAX_BYTES = 50;
const e = Buffer.from('hello');
e.tag = 'greeting';
e.count = 2;
Object.defineProperty(e, 'hidden', { value: true, enumerable: false });
console.log(e, [e], e.length, Object.keys(e).slice(-2));
console.log(util.inspect(e, { showHidden: true }), util.inspect({ e }, { depth: 0 }), util.inspect(Buffer.alloc(0), { showHidden: true }));
const empty = Buffer.alloc(0);
empty.x = [1, { y: 2 }];
console.log(empty, util.inspect(e, { colors: true }));
class Packet extends Buffer {}
const p = Buffer.from('pk');
Object.setPrototypeOf(p, Packet.prototype);
console.log(p, p instanceof Buffer, Buffer.isBuffer(p), util.inspect([p, b], { compact: false }).split('\n').length);
console.log(typeof b[util.inspect.custom], b.inspect === b[util.inspect.custom], String(b), `${Buffer.from([0x41, 0x42])}`, b + '!');
for (const v of [-1, 'x']) {
  try { buffer.INSPECT_MAX_BYTES = v; console.log('set', buffer.INSPECT_MAX_BYTES); } catch (err) { console.log(err.name, err.code); }
}
