// util.js: format, inspect, promisify and friends.
(function (exports, internals) {
  'use strict';
  const { host, validateFunction } = internals;
  const kCustom = Symbol.for('nodejs.util.promisify.custom');
  function promisify(fn) {
    validateFunction(fn, 'original');
    if (fn[kCustom]) return fn[kCustom];
    const timers = internals.builtin('timers'); // Node's timer functions carry timers/promises as their custom form
    if (fn === timers.setTimeout) return internals.builtin('timers/promises').setTimeout;
    if (fn === timers.setImmediate) return internals.builtin('timers/promises').setImmediate;
    return function (...args) {
      return new Promise((resolve, reject) => {
        Reflect.apply(fn, this, [...args, (err, ...values) => {
          if (err) reject(err); else resolve(values.length > 1 ? values : values[0]);
        }]);
      });
    };
  }
  promisify.custom = kCustom;
  function callbackify(fn) {
    return function (...args) {
      const cb = args.pop();
      fn.apply(this, args).then((v) => internals.process.nextTick(cb, null, v), (e) => internals.process.nextTick(cb, e));
    };
  }
  const inspector = internals.inspector;
  const inspect = inspector.inspect;
  class TextEncoder {
    get encoding() { return 'utf-8'; }
    encode(s = '') { return new Uint8Array(host.encode(String(s))); }
    // encodeInto writes whole characters of src while they fit.
    encodeInto(src, dest) {
      if (!(dest instanceof Uint8Array)) throw internals.invalidArgType('dest', 'an instance of Uint8Array', dest);
      src = String(src);
      let read = 0, written = 0;
      for (const ch of src) {
        const bytes = new Uint8Array(host.encode(ch));
        if (written + bytes.length > dest.length) break;
        dest.set(bytes, written);
        written += bytes.length;
        read += ch.length;
      }
      return { read, written };
    }
  }
  // The WHATWG encodings a TextDecoder knows, by label.
  const decoderLabels = { __proto__: null, 'utf-8': 'utf-8', utf8: 'utf-8', 'unicode-1-1-utf-8': 'utf-8', 'utf-16le': 'utf-16le',
    'utf-16': 'utf-16le', 'utf-16be': 'utf-16be', latin1: 'windows-1252', 'iso-8859-1': 'windows-1252', ascii: 'windows-1252',
    'us-ascii': 'windows-1252', 'windows-1252': 'windows-1252' };
  // utf8Step reads one character of b at i: [code point or -1 (invalid), bytes taken, or 0 when b ends inside it].
  const utf8Step = (b, i) => {
    const x = b[i];
    if (x < 0x80) return [x, 1];
    const n = x >= 0xc2 && x <= 0xdf ? 1 : x >= 0xe0 && x <= 0xef ? 2 : x >= 0xf0 && x <= 0xf4 ? 3 : -1;
    if (n < 0) return [-1, 1];
    let c = x & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      if (i + k >= b.length) return [-1, 0];
      const y = b[i + k];
      const lo = k === 1 && x === 0xe0 ? 0xa0 : k === 1 && x === 0xf0 ? 0x90 : 0x80;
      const hi = k === 1 && x === 0xed ? 0x9f : k === 1 && x === 0xf4 ? 0x8f : 0xbf;
      if (y < lo || y > hi) return [-1, k];
      c = (c << 6) | (y & 0x3f);
    }
    return [c, n + 1];
  };
  class TextDecoder {
    #encoding; #fatal; #ignoreBOM; #pending = []; #bomSeen = false;
    constructor(label = 'utf-8', options = {}) {
      const enc = decoderLabels[String(label).trim().toLowerCase()];
      if (enc === undefined || enc === 'utf-16be') throw internals.makeError(RangeError, 'ERR_ENCODING_NOT_SUPPORTED', `The "${label}" encoding is not supported`);
      this.#encoding = enc;
      this.#fatal = !!(options && options.fatal);
      this.#ignoreBOM = !!(options && options.ignoreBOM);
    }
    get encoding() { return this.#encoding; }
    get fatal() { return this.#fatal; }
    get ignoreBOM() { return this.#ignoreBOM; }
    decode(input = undefined, options = undefined) {
      let bytes;
      if (input === undefined) bytes = new Uint8Array(0);
      else if (input instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && input instanceof SharedArrayBuffer)) bytes = new Uint8Array(input);
      else if (ArrayBuffer.isView(input)) bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
      else throw internals.invalidArgType('input', 'an instance of ArrayBuffer or ArrayBufferView', input);
      const stream = !!(options && options.stream);
      if (this.#pending.length) bytes = Uint8Array.from([...this.#pending, ...bytes]);
      this.#pending = [];
      let out;
      if (this.#encoding === 'windows-1252') out = host.decode(bytes, 'latin1');
      else if (this.#encoding === 'utf-16le') {
        const even = bytes.length - (bytes.length % 2);
        if (stream && even < bytes.length) this.#pending = [bytes[even]];
        out = String.fromCharCode(...new Uint16Array(bytes.slice(0, even).buffer));
        if (!stream && even < bytes.length) out += this.#invalid();
      } else out = this.#utf8(bytes, stream);
      if (!this.#ignoreBOM && !this.#bomSeen && out.length) {
        if (out.charCodeAt(0) === 0xfeff) out = out.slice(1);
        this.#bomSeen = true;
      }
      if (!stream) this.#bomSeen = false;
      return out;
    }
    #invalid() {
      if (this.#fatal) throw internals.makeError(TypeError, 'ERR_ENCODING_INVALID_ENCODED_DATA', `The encoded data was not valid for encoding ${this.#encoding}`);
      return '\ufffd';
    }
    #utf8(b, stream) {
      if (!stream && !this.#fatal) return host.decode(b);
      let out = '';
      for (let i = 0; i < b.length;) {
        const [c, n] = utf8Step(b, i);
        if (n === 0) {
          if (stream) { this.#pending = Array.from(b.subarray(i)); break; }
          out += this.#invalid();
          break;
        }
        out += c < 0 ? this.#invalid() : String.fromCodePoint(c);
        i += n;
      }
      return out;
    }
  }
  Object.assign(exports, {
    format: inspector.format, formatWithOptions: inspector.formatWithOptions, inspect, promisify, callbackify,
    inherits(ctor, superCtor) { Object.setPrototypeOf(ctor.prototype, superCtor.prototype); Object.setPrototypeOf(ctor, superCtor); ctor.super_ = superCtor; },
    isDeepStrictEqual: (a, b) => JSON.stringify(a) === JSON.stringify(b),
    deprecate: (fn) => fn,
    types: { isPromise: (p) => p instanceof Promise, isDate: (d) => d instanceof Date, isRegExp: (r) => r instanceof RegExp },
    TextEncoder, TextDecoder,
  });
})
