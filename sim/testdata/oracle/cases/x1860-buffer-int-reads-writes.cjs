// Buffer's integer reads and writes: every width (8 to 48 bits) in both byte orders,
// signed and unsigned, what each write returns (offset + bytes), the byteLength forms
// readUIntLE/readIntBE/writeIntLE..., and the Uint aliases where the release has them.
const b = Buffer.from([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc]);
console.log(b.readUInt8(0), b.readUInt8(6), b.readInt8(6), b.readInt8(1));
console.log(b.readUInt16LE(0), b.readUInt16BE(0), b.readInt16LE(6), b.readInt16BE(6));
console.log(b.readUInt32LE(0), b.readUInt32BE(0), b.readInt32LE(8), b.readInt32BE(8), b.readUInt32BE(8));
for (let n = 1; n <= 6; n++) {
  console.log(n, b.readUIntLE(0, n), b.readUIntBE(0, n), b.readIntLE(6, n), b.readIntBE(6, n), b.readUIntBE(6, n));
}
const w = Buffer.alloc(16);
console.log(w.writeUInt8(255, 0), w.writeInt8(-2, 1), w.writeUInt16LE(0xabcd, 2), w.writeUInt16BE(0xabcd, 4), w.writeInt16LE(-2, 6));
console.log(w.writeInt16BE(-300, 8), w.writeUInt32LE(0xdeadbeef, 10), w);
console.log(w.writeUInt32BE(0xdeadbeef, 0), w.writeInt32LE(-123456789, 4), w.writeInt32BE(-1, 8), w.writeInt32BE(2147483647, 12), w);
for (let n = 1; n <= 6; n++) {
  const x = Buffer.alloc(8);
  const big = 2 ** (8 * n) - 3;
  console.log(n, x.writeUIntLE(big, 1, n), x.writeUIntBE(big, 1, n) === n + 1, x, x.writeIntLE(-(2 ** (8 * n - 1)), 0, n), x.readIntLE(0, n), x.writeIntBE(-5, 2, n), x.readIntBE(2, n));
}
console.log(w.writeUInt8(3.7, 0), w.writeUInt16LE('258', 0), w.readUInt16LE(0), w.writeInt8(-1.5, 2), w[2], w.writeUInt32LE(NaN, 4), w.readUInt32LE(4));
console.log(['readUint8', 'readUint16LE', 'readUint32BE', 'readUintLE', 'writeUint8', 'writeUint16BE', 'writeUint32LE', 'writeUintBE', 'readBigUint64LE'].map((m) => typeof b[m]).join(' '));
if (typeof b.readUint32LE === 'function') console.log(b.readUint32LE(0) === b.readUInt32LE(0), b.readUint16BE === b.readUInt16BE, Buffer.alloc(4).writeUint32BE(1), b.readUintBE(0, 3));
else console.log(true, true, 4, 66051);
