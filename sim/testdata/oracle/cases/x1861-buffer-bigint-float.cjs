// 64-bit integers as BigInts and IEEE floats: readBigInt64LE/BE and readBigUInt64LE/BE,
// their writes (each returns offset + 8), floats and doubles in both orders with the
// values a float32 cannot hold exactly, NaN, infinities and -0, and their byte forms.
const b = Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80]);
console.log(b.readBigUInt64LE(0), b.readBigUInt64BE(0), b.readBigInt64LE(0), b.readBigInt64BE(0));
console.log(b.readBigUInt64LE(8), b.readBigInt64LE(8), b.readBigUInt64BE(8), b.readBigInt64BE(8), b.readBigInt64LE(4));
const w = Buffer.alloc(16);
console.log(w.writeBigInt64LE(-2n), w.writeBigInt64BE(-2n, 8), w);
console.log(w.writeBigUInt64LE(18446744073709551615n), w.writeBigUInt64BE(0x0102030405060708n, 8), w);
console.log(w.writeBigInt64BE(-(2n ** 63n)), w.readBigInt64BE(0), w.writeBigInt64LE(2n ** 63n - 1n, 8), w.readBigInt64LE(8));
const f = Buffer.alloc(8);
console.log(f.writeFloatLE(1.5), f, f.readFloatLE(0), f.writeFloatBE(0.1, 4), f.readFloatBE(4), f);
console.log(f.writeDoubleLE(0.1), f, f.readDoubleLE(0), f.writeDoubleBE(-0), f, Object.is(f.readDoubleBE(0), -0));
console.log(f.writeDoubleBE(NaN), f, f.writeFloatLE(Infinity), f.readFloatLE(0), f.writeFloatBE(-Infinity, 4), f.readFloatBE(4));
console.log(f.writeFloatLE(16777217), f.readFloatLE(0), f.writeFloatLE(3.4e39), f.readFloatLE(0), f.writeDoubleLE('2.5'), f.readDoubleLE(0));
console.log(f.writeDoubleBE(123456789.125), f.readDoubleBE(0), f.readDoubleLE(0), Buffer.from('3ff0000000000000', 'hex').readDoubleBE());
console.log(Buffer.from('0000803f', 'hex').readFloatLE(), Buffer.from([0, 0, 0xc0, 0x7f]).readFloatLE(0), Buffer.from([0x7f, 0x80, 0, 0]).readFloatBE());
