// buffer.js: Node's Buffer as a Uint8Array subclass; encodings are done by the Go host.
(function (exports, internals) {
  'use strict';
  const { host, invalidArgType } = internals;

  class Buffer extends Uint8Array {
    static from(value, encodingOrOffset, length) {
      if (typeof value === 'string') return fromBytes(host.encode(value, encodingOrOffset));
      if (value instanceof ArrayBuffer) return new Buffer(value, encodingOrOffset || 0, length === undefined ? value.byteLength - (encodingOrOffset || 0) : length);
      if (ArrayBuffer.isView(value)) return fromBytes(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
      if (Array.isArray(value)) { const b = Buffer.alloc(value.length); for (let i = 0; i < value.length; i++) b[i] = value[i]; return b; }
      if (value && typeof value === 'object' && value.type === 'Buffer' && Array.isArray(value.data)) return Buffer.from(value.data);
      throw invalidArgType('first argument', 'of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object', value);
    }
    static alloc(size, fill) {
      const b = new Buffer(size);
      if (fill !== undefined) b.fill(typeof fill === 'string' ? fill.charCodeAt(0) : fill);
      return b;
    }
    static allocUnsafe(size) { return Buffer.alloc(size); }
    static isBuffer(b) { return b instanceof Buffer; }
    static isEncoding(e) { return ['utf8', 'utf-8', 'hex', 'base64', 'base64url', 'ascii', 'latin1', 'binary', 'ucs2', 'utf16le'].includes(String(e).toLowerCase()); }
    static byteLength(s, enc) { return typeof s === 'string' ? host.encode(s, enc).byteLength : s.byteLength; }
    static concat(list, total) {
      if (total === undefined) total = list.reduce((n, b) => n + b.length, 0);
      const out = Buffer.alloc(total);
      let off = 0;
      for (const b of list) { if (off >= total) break; out.set(b.subarray(0, total - off), off); off += b.length; }
      return out;
    }
    static compare(a, b) { return a.compare(b); }
    toString(encoding, start, end) {
      const view = (start !== undefined || end !== undefined) ? this.subarray(start || 0, end === undefined ? this.length : end) : this;
      return host.decode(view, encoding);
    }
    toJSON() { return { type: 'Buffer', data: Array.from(this) }; }
    equals(other) { return this.compare(other) === 0; }
    compare(other) {
      const n = Math.min(this.length, other.length);
      for (let i = 0; i < n; i++) if (this[i] !== other[i]) return this[i] < other[i] ? -1 : 1;
      return this.length === other.length ? 0 : (this.length < other.length ? -1 : 1);
    }
    copy(target, targetStart = 0, sourceStart = 0, sourceEnd = this.length) {
      const n = Math.max(0, Math.min(sourceEnd - sourceStart, target.length - targetStart));
      if (n > 0) target.set(this.subarray(sourceStart, sourceStart + n), targetStart);
      return n;
    }
    slice(start, end) { return this.subarray(start, end); }
    subarray(start, end) { const u = Uint8Array.prototype.subarray.call(this, start, end); return new Buffer(u.buffer, u.byteOffset, u.length); }
    write(string, offset = 0) { const b = Buffer.from(string); this.set(b.subarray(0, this.length - offset), offset); return Math.min(b.length, this.length - offset); }
    readUInt8(o = 0) { return this[o]; }
    readUInt32BE(o = 0) { return ((this[o] << 24) >>> 0) + (this[o + 1] << 16) + (this[o + 2] << 8) + this[o + 3]; }
    includes(v) { return this.indexOf(v) !== -1; }
    indexOf(v, from) {
      if (typeof v === 'number') return Uint8Array.prototype.indexOf.call(this, v, from);
      const needle = typeof v === 'string' ? Buffer.from(v) : v;
      outer: for (let i = from || 0; i + needle.length <= this.length; i++) {
        for (let j = 0; j < needle.length; j++) if (this[i + j] !== needle[j]) continue outer;
        return i;
      }
      return -1;
    }
  }
  function fromBytes(ab) { return new Buffer(ab, 0, ab.byteLength); }
  Buffer.poolSize = 8192;
  exports.Buffer = Buffer;
  exports.constants = { MAX_LENGTH: 4294967296, MAX_STRING_LENGTH: 536870888 };
  exports.kMaxLength = 4294967296;
})
