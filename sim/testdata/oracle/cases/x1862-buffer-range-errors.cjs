// The errors of Buffer's reads and writes: an offset past the end (ERR_OUT_OF_RANGE with
// the last valid offset), not an integer, not a number, a buffer too short for the width
// (ERR_BUFFER_OUT_OF_BOUNDS), a value out of the width's range, a bad byteLength.
const show = (label, f) => {
  try { console.log(label, f()); } catch (e) { console.log(label, e.name, e.code, e.message); }
};
const b = Buffer.from('abc');
show('u32 at 1', () => b.readUInt32LE(1));
show('u8 at 3', () => b.readUInt8(3));
show('u16 at 2', () => b.readUInt16BE(2));
show('u8 at -1', () => b.readInt8(-1));
show('u8 at 1.5', () => b.readUInt8(1.5));
show('u8 at NaN', () => b.readUInt8(NaN));
show('double', () => b.readDoubleLE(0));
show('float at 1', () => Buffer.alloc(6).readFloatBE(3));
show('bigint', () => Buffer.alloc(10).readBigInt64LE(3));
show('bigint short', () => b.readBigUInt64BE());
show('uintle 7', () => b.readUIntLE(0, 7));
show('uintle 0', () => b.readUIntBE(0, 0));
show('w u8 256', () => Buffer.alloc(2).writeUInt8(256));
show('w i8 -129', () => Buffer.alloc(2).writeInt8(-129, 1));
show('w u16', () => Buffer.alloc(4).writeUInt16LE(70000));
show('w i16', () => Buffer.alloc(4).writeInt16BE(-32769));
show('w u32', () => Buffer.alloc(4).writeUInt32LE(-1));
show('w i32', () => Buffer.alloc(8).writeInt32BE(2 ** 31));
show('w u32 at 1', () => Buffer.alloc(4).writeUInt32BE(1, 1));
show('w u24', () => Buffer.alloc(8).writeUIntLE(2 ** 24, 0, 3));
show('w i24', () => Buffer.alloc(8).writeIntBE(-(2 ** 23) - 1, 0, 3));
show('w u8 at 2', () => Buffer.alloc(2).writeUInt8(1, 2));
show('w float at 2', () => Buffer.alloc(4).writeFloatLE(1, 2));
show('w double', () => Buffer.alloc(4).writeDoubleBE(1));
show('w big', () => Buffer.alloc(8).writeBigInt64LE(2n ** 63n));
show('w big neg', () => Buffer.alloc(8).writeBigUInt64BE(-1n));
show('w big at 1', () => Buffer.alloc(8).writeBigUInt64LE(1n, 1));
show('w u16 at 3', () => Buffer.alloc(4).writeUInt16LE(1, 3));
