// string_decoder.js: node:string_decoder. A StringDecoder keeps the bytes of a character
// (utf8, utf16le) or of a group (base64: 3 bytes) that a chunk ends in the middle of, and
// gives them with the next write or end().
(function (exports, internals) {
  'use strict';
  const { Buffer } = internals.builtin('buffer');
  const names = { utf8: 'utf8', 'utf-8': 'utf8', ucs2: 'utf16le', 'ucs-2': 'utf16le', utf16le: 'utf16le', 'utf-16le': 'utf16le', latin1: 'latin1', binary: 'latin1', base64: 'base64', base64url: 'base64url', hex: 'hex', ascii: 'ascii' };
  // complete: how many bytes at the start of buf make whole characters or groups.
  function complete(enc, buf) {
    if (enc === 'base64' || enc === 'base64url') return buf.length - (buf.length % 3);
    if (enc === 'utf16le') {
      let n = buf.length - (buf.length % 2);
      if (n >= 2) { const last = buf[n - 2] | (buf[n - 1] << 8); if (last >= 0xd800 && last <= 0xdbff) n -= 2; }
      return n;
    }
    if (enc !== 'utf8') return buf.length;
    for (let back = 1; back <= Math.min(3, buf.length); back++) {
      const b = buf[buf.length - back];
      if ((b & 0xc0) === 0x80) continue; // a continuation byte
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
      return need > back ? buf.length - back : buf.length;
    }
    return buf.length;
  }
  class StringDecoder {
    constructor(encoding = 'utf8') {
      const enc = names[String(encoding).toLowerCase()];
      if (!enc) throw internals.makeError(TypeError, 'ERR_UNKNOWN_ENCODING', 'Unknown encoding: ' + encoding);
      this.encoding = enc;
      this.pending = Buffer.alloc(0);
    }
    write(buf) {
      if (typeof buf === 'string') return buf;
      const all = Buffer.concat([this.pending, Buffer.from(buf)]);
      const n = complete(this.encoding, all);
      this.pending = Buffer.from(all.subarray(n));
      return all.subarray(0, n).toString(this.encoding);
    }
    end(buf) {
      let out = buf === undefined ? '' : this.write(buf);
      if (this.pending.length) { out += this.pending.toString(this.encoding); this.pending = Buffer.alloc(0); }
      return out;
    }
    text(buf, offset) { return this.write(Buffer.from(buf).subarray(offset)); }
    get lastNeed() { return this.pending.length ? 1 : 0; }
    get lastTotal() { return this.pending.length; }
  }
  exports.StringDecoder = StringDecoder;
})
