// Where small buffers live: Buffer.from, allocUnsafe and concat carve them out of a
// shared pool (buf.buffer is the pool, byteOffset where each starts, aligned to 8), while
// alloc and allocUnsafeSlow get their own memory; a pooled buffer's bytes through
// new Uint8Array(buf.buffer, ...); the deprecated Buffer() constructor forms.
const a = Buffer.from('a');
const b = Buffer.from('bc');
const c = Buffer.allocUnsafe(3);
const d = Buffer.alloc(3);
const e = Buffer.concat([a, b]);
const f = Buffer.from([1, 2]);
console.log(b.byteOffset - a.byteOffset, c.byteOffset - b.byteOffset, e.byteOffset - c.byteOffset, f.byteOffset - e.byteOffset, d.byteOffset);
console.log(a.buffer === b.buffer, a.buffer === d.buffer, a.buffer.byteLength >= Buffer.poolSize, d.buffer.byteLength, Buffer.allocUnsafeSlow(5).buffer.byteLength);
console.log(new Uint8Array(b.buffer, b.byteOffset, b.length), Buffer.from(b.buffer, b.byteOffset, 2).toString(), a.buffer.byteLength > a.length);
const big = Buffer.from('x'.repeat(Buffer.poolSize));
console.log(big.byteOffset, big.buffer.byteLength === big.length, Buffer.allocUnsafe(Buffer.poolSize / 2).byteOffset);
console.log(Buffer(3), new Buffer('hi'), Buffer([1, 2]), new Buffer('6869', 'hex').toString());
try { Buffer(3, 'utf8'); } catch (err) { console.log(err.name, err.code); }
