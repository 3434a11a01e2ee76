// buffer.js: node:buffer. Buffer is Node's: a function (callable, deprecated, and
// constructible) whose prototype is that of FastBuffer, a Uint8Array subclass; instances
// are FastBuffers, small ones carved out of a shared pool as Node's are. The methods
// follow Node 24's lib/buffer.js and lib/internal/buffer.js (their checks, their errors
// and messages, their return values); the encodings are the Go host's (buffer.go):
// encode, decode, utf8Length, indexOf, bytesKind, transcode.
//
// Releases: the members a release lacks (Node 10's Uint aliases, copyBytesFrom...) are
// removed by the profile (R-V8, nodeapi/vNN.json "Buffer" and "Buffer.prototype"), and
// Node 10's message formats (no value after "Received type", no numeric separators,
// its inspect without a byte count or extra properties) are kept for that profile; Node
// 10's older argument checks (readUIntLE without byteLength, fill's
// ERR_INDEX_OUT_OF_RANGE) are not modelled.
(function (exports, internals) {
  'use strict';
  const { host, makeError } = internals;
  const major = internals.nodeMajor;
  const old = major < 12; // Node 10's message formats
  const kMaxLength = major <= 10 ? 2147483647 : major <= 20 ? 4294967296 : 9007199254740991;
  const kStringMaxLength = major <= 10 ? 1073741799 : 536870888;
  const TypedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
  const typedLength = Object.getOwnPropertyDescriptor(TypedArrayProto, 'length').get;
  const typedTag = Object.getOwnPropertyDescriptor(TypedArrayProto, Symbol.toStringTag).get;
  const arrayBufferLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get;
  const inspectCustom = Symbol.for('nodejs.util.inspect.custom');

  // ---- errors --------------------------------------------------------------------------
  const { outOfRange } = internals;
  const outOfBounds = (name) => makeError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS', name ? '"' + name + '" is outside of buffer bounds'
    : old ? 'Attempt to write outside buffer bounds' : 'Attempt to access memory outside buffer bounds');
  // argType: ERR_INVALID_ARG_TYPE; expected is Node 24's wording, expected10 Node 10's.
  const argType = (name, expected, v, expected10) => {
    const subject = name.endsWith(' argument') ? 'The ' + name : 'The "' + name + '" argument';
    if (old) return makeError(TypeError, 'ERR_INVALID_ARG_TYPE', subject + ' must be ' + (expected10 || expected) + '. Received type ' + typeof v);
    return makeError(TypeError, 'ERR_INVALID_ARG_TYPE', subject + ' must be ' + expected + '. Received ' + internals.describe(v));
  };
  const bufferOrUint8 = (name, v) => argType(name, 'an instance of Buffer or Uint8Array', v, 'one of type Buffer or Uint8Array');
  // cppError: an error Node's C++ throws: its name never carries the code.
  const cppError = (Ctor, code, message) => {
    const e = makeError(Ctor, code, message);
    delete e.name;
    return e;
  };
  const unknownEncoding = (e) => makeError(TypeError, 'ERR_UNKNOWN_ENCODING', 'Unknown encoding: ' + e);
  const validateNumber = (v, name, min, max) => {
    if (typeof v !== 'number') throw argType(name, 'of type number', v);
    if ((min != null && v < min) || (max != null && v > max) || ((min != null || max != null) && Number.isNaN(v))) {
      throw outOfRange(name, (min != null ? '>= ' + min : '') + (min != null && max != null ? ' && ' : '') + (max != null ? '<= ' + max : ''), v);
    }
  };
  const validateInteger = (v, name, min, max) => {
    if (typeof v !== 'number') throw argType(name, 'of type number', v);
    if (!Number.isInteger(v)) throw outOfRange(name, 'an integer', v);
    if (v < min || v > max) throw outOfRange(name, '>= ' + min + ' && <= ' + max, v);
  };
  const validateOffset = (v, name, min = 0, max = kMaxLength) => validateInteger(v, name, min, max);
  // validateSize: the size of alloc, allocUnsafe, allocUnsafeSlow and SlowBuffer.
  const validateSize = (size) => {
    if (!old) return validateNumber(size, 'size', 0, kMaxLength);
    if (typeof size !== 'number') throw argType('size', 'of type number', size);
    if (size < 0 || size > kMaxLength) throw makeError(RangeError, 'ERR_INVALID_OPT_VALUE', 'The value "' + String(size) + '" is invalid for option "size"');
  };
  const indexOutOfRange = () => makeError(RangeError, 'ERR_INDEX_OUT_OF_RANGE', 'Index out of range');

  // ---- kinds ---------------------------------------------------------------------------
  const isUint8Array = (v) => ArrayBuffer.isView(v) && typedTag.call(v) === 'Uint8Array';
  const isTypedArray = (v) => ArrayBuffer.isView(v) && typedTag.call(v) !== undefined;
  const tagOf = (v) => Object.prototype.toString.call(v);
  const isAnyArrayBuffer = (v) => v !== null && typeof v === 'object' && (tagOf(v) === '[object ArrayBuffer]' || tagOf(v) === '[object SharedArrayBuffer]');

  // normalizeEncoding: Node's canonical name of an encoding, or undefined.
  const encodings = { __proto__: null, utf8: 'utf8', 'utf-8': 'utf8', ucs2: 'utf16le', 'ucs-2': 'utf16le', utf16le: 'utf16le', 'utf-16le': 'utf16le',
    latin1: 'latin1', binary: 'latin1', base64: 'base64', base64url: 'base64url', hex: 'hex', ascii: 'ascii' };
  if (major < 14) delete encodings.base64url; // Node 15.7 and 14.18
  const normalizeEncoding = (e) => {
    if (e == null || e === 'utf8' || e === 'utf-8') return 'utf8';
    const n = encodings[e];
    return n !== undefined ? n : encodings[String(e).toLowerCase()];
  };
  // encodingOf: Node's getEncodingOps: a name that is not an encoding (undefined too) has none.
  const encodingOf = (e) => encodings[e] || encodings[String(e).toLowerCase()];

  // ---- the pool ------------------------------------------------------------------------
  // Small buffers share an ArrayBuffer of Buffer.poolSize bytes, at offsets aligned to 8
  // (buf.buffer is the pool, buf.byteOffset where it starts), from where each release's
  // start-up left it.
  const poolStart = major <= 10 ? 248 : major <= 22 ? 8 : major <= 24 ? 0 : 16;
  let pool, poolSize, poolBase, poolOffset;
  const createPool = () => {
    poolSize = Buffer.poolSize;
    poolBase = pool === undefined && major >= 26 ? 16 : 0;
    pool = new ArrayBuffer(poolSize + (major >= 26 ? 64 : 0));
    poolOffset = 0;
  };
  const alignPool = () => { if (poolOffset & 7) poolOffset = (poolOffset | 7) + 1; };
  const fromPool = (size) => {
    if (size > poolSize - poolOffset) createPool();
    const b = new FastBuffer(pool, poolBase + poolOffset, size);
    poolOffset += size;
    alignPool();
    return b;
  };
  const allocate = (size) => {
    if (size <= 0) return new FastBuffer();
    if (size < (Buffer.poolSize >>> 1)) return fromPool(size);
    return new FastBuffer(size);
  };
  const fromArrayLike = (obj) => {
    const length = obj.length;
    if (length <= 0) return new FastBuffer();
    if (length < (Buffer.poolSize >>> 1)) {
      const b = fromPool(length);
      Uint8Array.prototype.set.call(b, obj, 0);
      return b;
    }
    return new FastBuffer(obj);
  };
  const fromString = (string, encoding) => {
    let enc = 'utf8';
    if (encoding && encoding !== 'utf8' && typeof encoding === 'string') {
      enc = encodingOf(encoding);
      if (enc === undefined) throw unknownEncoding(encoding);
    }
    if (string.length === 0) return new FastBuffer();
    const bytes = new Uint8Array(host.encode(string, enc));
    const max = Buffer.poolSize >>> 1;
    let need = string.length * 4;
    if (string.length >= max || (need >= max && bytes.length >= max)) return new FastBuffer(bytes.buffer, 0, bytes.length);
    if (need >= max) need = bytes.length;
    if (need > poolSize - poolOffset) createPool();
    const b = new FastBuffer(pool, poolBase + poolOffset, bytes.length);
    Uint8Array.prototype.set.call(b, bytes, 0);
    poolOffset += bytes.length;
    alignPool();
    return b;
  };

  // ---- Buffer --------------------------------------------------------------------------
  class FastBuffer extends Uint8Array {
    constructor(a, b, c) { super(a, b, c); }
  }
  let warned = false;
  function Buffer(arg, encodingOrOffset, length) {
    if (!warned) {
      warned = true;
      internals.process.emitWarning('Buffer() is deprecated due to security and usability issues. Please use the Buffer.alloc(), ' +
        'Buffer.allocUnsafe(), or Buffer.from() methods instead.', 'DeprecationWarning', 'DEP0005');
    }
    if (typeof arg === 'number') {
      if (typeof encodingOrOffset === 'string') throw argType('string', 'of type string', arg);
      return Buffer.alloc(arg);
    }
    return Buffer.from(arg, encodingOrOffset, length);
  }
  FastBuffer.prototype.constructor = Buffer;
  Buffer.prototype = FastBuffer.prototype;
  Object.defineProperty(Buffer, 'prototype', { writable: false });
  Object.setPrototypeOf(Buffer, Uint8Array);
  Object.defineProperty(Buffer, Symbol.species, { enumerable: false, configurable: true, get() { return FastBuffer; } });

  const statics = {
    from(value, encodingOrOffset, length) {
      if (typeof value === 'string') return fromString(value, encodingOrOffset);
      if (typeof value === 'object' && value !== null) {
        if (isAnyArrayBuffer(value)) return fromArrayBuffer(value, encodingOrOffset, length);
        const valueOf = value.valueOf && value.valueOf();
        if (valueOf != null && valueOf !== value && (typeof valueOf === 'string' || typeof valueOf === 'object')) {
          return Buffer.from(valueOf, encodingOrOffset, length);
        }
        const b = fromObject(value);
        if (b) return b;
        if (typeof value[Symbol.toPrimitive] === 'function') {
          const primitive = value[Symbol.toPrimitive]('string');
          if (typeof primitive === 'string') return fromString(primitive, encodingOrOffset);
        }
      }
      if (old && typeof value === 'number') throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "value" argument must not be of type number. Received type number');
      throw argType('first argument', 'of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object', value,
        'one of type string, Buffer, ArrayBuffer, Array, or Array-like Object');
    },
    copyBytesFrom(view, offset, length) {
      if (!isTypedArray(view)) throw argType('view', 'an instance of TypedArray', view);
      const viewLength = typedLength.call(view);
      if (viewLength === 0) return new FastBuffer();
      let start = 0;
      let end = viewLength;
      if (offset !== undefined) {
        validateInteger(offset, 'offset', 0, Number.MAX_SAFE_INTEGER);
        if (offset >= viewLength) return new FastBuffer();
        start = offset;
      }
      if (length !== undefined) {
        validateInteger(length, 'length', 0, Number.MAX_SAFE_INTEGER);
        end = Math.min(start + length, viewLength);
      }
      if (end <= start) return new FastBuffer();
      const size = view.byteLength / viewLength;
      return fromArrayLike(new Uint8Array(view.buffer, view.byteOffset + start * size, (end - start) * size));
    },
    of: (...items) => {
      const b = new FastBuffer(items.length);
      for (let k = 0; k < items.length; k++) b[k] = items[k];
      return b;
    },
    alloc(size, fill, encoding) {
      validateSize(size);
      const b = new FastBuffer(size);
      if (fill !== undefined && fill !== 0 && size > 0) return fillBuffer(b, fill, 0, b.length, encoding);
      return b;
    },
    allocUnsafe(size) {
      validateSize(size);
      return allocate(size);
    },
    allocUnsafeSlow(size) {
      validateSize(size);
      return new FastBuffer(size);
    },
    isBuffer(b) { return b instanceof Buffer; },
    compare(buf1, buf2) {
      if (!isUint8Array(buf1)) throw bufferOrUint8('buf1', buf1);
      if (!isUint8Array(buf2)) throw bufferOrUint8('buf2', buf2);
      return buf1 === buf2 ? 0 : compareBytes(buf1, 0, buf1.length, buf2, 0, buf2.length);
    },
    isEncoding(encoding) { return typeof encoding === 'string' && encoding.length !== 0 && normalizeEncoding(encoding) !== undefined; },
    concat(list, length) {
      if (!Array.isArray(list)) throw argType('list', 'an instance of Array', list, 'one of type Array, Buffer, or Uint8Array');
      if (list.length === 0) return new FastBuffer();
      const lengths = [];
      let total = 0;
      for (let i = 0; i < list.length; i++) {
        if (!isUint8Array(list[i])) throw argType('list[' + i + ']', 'an instance of Buffer or Uint8Array', list[i], 'one of type Array, Buffer, or Uint8Array');
        lengths.push(list[i].byteLength);
        total += list[i].byteLength;
      }
      if (length === undefined) length = total;
      else if (old) length >>>= 0;
      else validateOffset(length, 'length');
      if (old) validateSize(length);
      const out = allocate(length);
      let pos = 0;
      for (let i = 0; i < list.length && pos < length; i++) {
        const b = list[i];
        const n = Math.min(lengths[i], length - pos);
        Uint8Array.prototype.set.call(out, n === lengths[i] ? b : new Uint8Array(b.buffer, b.byteOffset, n), pos);
        pos += n;
      }
      if (pos < length) out.fill(0, pos, length);
      return out;
    },
    byteLength(string, encoding) {
      if (typeof string !== 'string') {
        if (ArrayBuffer.isView(string) || isAnyArrayBuffer(string)) return string.byteLength;
        throw argType('string', 'of type string or an instance of Buffer or ArrayBuffer', string, 'one of type string, Buffer, or ArrayBuffer');
      }
      if (string.length === 0) return 0;
      const enc = !encoding || encoding === 'utf8' ? 'utf8' : encoding === 'ascii' ? 'ascii' : encodingOf(encoding) || 'utf8';
      switch (enc) {
        case 'utf8': return host.utf8Length(string);
        case 'utf16le': return string.length * 2;
        case 'latin1': case 'ascii': return string.length;
        case 'hex': return string.length >>> 1;
        default: { // base64, base64url: padding taken off
          let n = string.length;
          if (string.charCodeAt(n - 1) === 0x3d) n--;
          if (n > 1 && string.charCodeAt(n - 1) === 0x3d) n--;
          return (n * 3) >>> 2;
        }
      }
    },
    // Node 26: the length of the string bytes decode to.
    stringLength(input, encoding = 'utf8') {
      if (!isTypedArray(input) && !isAnyArrayBuffer(input)) throw argType('input', 'an instance of ArrayBuffer, Buffer, or TypedArray', input);
      if (typeof encoding !== 'string') throw argType('encoding', 'of type string', encoding);
      const enc = encodingOf(encoding);
      if (enc === undefined) throw unknownEncoding(encoding);
      const length = input.byteLength;
      switch (enc) {
        case 'utf8': return length === 0 ? 0 : host.decode(input, 'utf8').length;
        case 'utf16le': return Math.floor(length / 2);
        case 'hex': return length * 2;
        case 'base64': return Math.ceil(length / 3) * 4;
        case 'base64url': return Math.ceil(length * 4 / 3);
        default: return length;
      }
    },
  };
  Buffer.poolSize = major >= 24 ? 64 * 1024 : 8 * 1024;
  for (const k of ['from', 'copyBytesFrom', 'of', 'alloc', 'allocUnsafe', 'allocUnsafeSlow', 'isBuffer', 'compare', 'isEncoding', 'concat', 'byteLength', 'stringLength']) {
    Buffer[k] = statics[k];
  }
  createPool();
  poolOffset = poolStart;

  function fromArrayBuffer(obj, byteOffset, length) {
    if (byteOffset === undefined) byteOffset = 0;
    else {
      byteOffset = +byteOffset;
      if (Number.isNaN(byteOffset)) byteOffset = 0;
    }
    const maxLength = obj.byteLength - byteOffset;
    if (maxLength < 0) throw outOfBounds('offset');
    if (length !== undefined) {
      length = +length;
      if (length > 0) {
        if (length > maxLength) throw outOfBounds('length');
      } else length = 0;
    }
    return new FastBuffer(obj, byteOffset, length);
  }
  function fromObject(obj) {
    if (obj.length !== undefined || isAnyArrayBuffer(obj.buffer)) {
      if (typeof obj.length !== 'number') return new FastBuffer();
      return fromArrayLike(obj);
    }
    if (obj.type === 'Buffer' && Array.isArray(obj.data)) return fromArrayLike(obj.data);
  }

  // compareBytes: -1, 0 or 1 as a's range sorts before, with or after b's.
  function compareBytes(a, aStart, aEnd, b, bStart, bEnd) {
    const n = Math.min(aEnd - aStart, bEnd - bStart);
    for (let i = 0; i < n; i++) {
      const x = a[aStart + i], y = b[bStart + i];
      if (x !== y) return x < y ? -1 : 1;
    }
    const la = aEnd - aStart, lb = bEnd - bStart;
    return la === lb ? 0 : la < lb ? -1 : 1;
  }

  // ---- reads and writes of numbers -----------------------------------------------------
  function boundsError(value, length, type) {
    if (Math.floor(value) !== value) {
      if (typeof value !== 'number') throw argType(type, 'of type number', value);
      throw outOfRange(type || 'offset', 'an integer', value);
    }
    if (length < 0) throw outOfBounds();
    throw outOfRange(type || 'offset', '>= ' + (type ? 1 : 0) + ' and <= ' + length, value);
  }
  // check: offset is a number and offset..offset+last are in buf.
  function check(buf, offset, last) {
    if (typeof offset !== 'number') throw argType('offset', 'of type number', offset);
    if (buf[offset] === undefined || buf[offset + last] === undefined) boundsError(offset, buf.length - last - 1);
  }
  function checkInt(value, min, max, buf, offset, last) {
    if (value > max || value < min) {
      const n = typeof min === 'bigint' ? 'n' : '';
      let range;
      if (old) range = '>= ' + min + ' and <= ' + max;
      else if (last > 3) {
        const bits = (last + 1) * 8;
        range = min === 0 || min === 0n ? `>= 0${n} and < 2${n} ** ${bits}${n}` : `>= -(2${n} ** ${bits - 1}${n}) and < 2${n} ** ${bits - 1}${n}`;
      } else range = `>= ${min}${n} and <= ${max}${n}`;
      throw outOfRange('value', range, value);
    }
    check(buf, offset, last);
  }
  // readU: the unsigned integer of n bytes at offset.
  function readU(buf, offset, n, le) {
    check(buf, offset, n - 1);
    let v = 0;
    if (le) for (let i = n - 1; i >= 0; i--) v = v * 256 + buf[offset + i];
    else for (let i = 0; i < n; i++) v = v * 256 + buf[offset + i];
    return v;
  }
  function readS(buf, offset, n, le) {
    const v = readU(buf, offset, n, le);
    const top = 2 ** (8 * n - 1);
    return v >= top ? v - 2 * top : v;
  }
  function writeN(buf, value, offset, n, le, min, max) {
    value = +value;
    if (n === 1) {
      if (typeof offset !== 'number') throw argType('offset', 'of type number', offset);
      if (value > max || value < min) throw outOfRange('value', '>= ' + min + ' and <= ' + max, value);
      if (buf[offset] === undefined) boundsError(offset, buf.length - 1);
      buf[offset] = value;
      return offset + 1;
    }
    checkInt(value, min, max, buf, offset, n - 1);
    const lo = value >>> 0;
    const hi = n > 4 ? Math.floor(value * 2 ** -32) : 0;
    for (let i = 0; i < n; i++) {
      const byte = i < 4 ? lo >>> (8 * i) : hi >>> (8 * (i - 4));
      buf[le ? offset + i : offset + n - 1 - i] = byte;
    }
    return offset + n;
  }
  const uMax = [0, 0xff, 0xffff, 0xffffff, 0xffffffff, 0xffffffffff, 0xffffffffffff];
  const sMin = [0, -0x80, -0x8000, -0x800000, -0x80000000, -0x8000000000, -0x800000000000];
  const byteLengthOK = (n) => n === 1 || n === 2 || n === 3 || n === 4 || n === 5 || n === 6;
  function readBig(buf, offset, le, signed) {
    if (typeof offset !== 'number') throw argType('offset', 'of type number', offset);
    if (buf[offset] === undefined || buf[offset + 7] === undefined) boundsError(offset, buf.length - 8);
    let hi = 0, lo = 0;
    for (let i = 0; i < 4; i++) {
      hi = hi * 256 + buf[offset + (le ? 7 - i : i)];
      lo = lo * 256 + buf[offset + (le ? 3 - i : 4 + i)];
    }
    const v = (BigInt(hi) << 32n) + BigInt(lo);
    return signed ? BigInt.asIntN(64, v) : v;
  }
  function writeBig(buf, value, offset, le, signed) {
    const min = signed ? -0x8000000000000000n : 0n, max = signed ? 0x7fffffffffffffffn : 0xffffffffffffffffn;
    checkInt(value, min, max, buf, offset, 7);
    let lo = Number(value & 0xffffffffn);
    let hi = Number(value >> 32n & 0xffffffffn);
    for (let i = 0; i < 4; i++) {
      buf[le ? offset + i : offset + 7 - i] = lo;
      buf[le ? offset + 4 + i : offset + 3 - i] = hi;
      lo >>>= 8;
      hi >>>= 8;
    }
    return offset + 8;
  }
  function readFloat(buf, offset, size, le) {
    if (typeof offset !== 'number') throw argType('offset', 'of type number', offset);
    if (buf[offset] === undefined || buf[offset + size - 1] === undefined) boundsError(offset, buf.length - size);
    const view = new DataView(buf.buffer, buf.byteOffset + offset, size);
    return size === 4 ? view.getFloat32(0, le) : view.getFloat64(0, le);
  }
  function writeFloat(buf, value, offset, size, le) {
    value = +value;
    check(buf, offset, size - 1);
    const view = new DataView(buf.buffer, buf.byteOffset + offset, size);
    if (size === 4) view.setFloat32(0, value, le);
    else view.setFloat64(0, value, le);
    return offset + size;
  }

  // ---- strings into and out of buffers -------------------------------------------------
  const window = (buf, start, end) => new Uint8Array(buf.buffer, buf.byteOffset + start, end - start);
  // slice: the string of buf's bytes start..end (the *Slice methods' checks).
  function slice(buf, encoding, start, end) {
    const len = buf.length;
    start = start === undefined ? 0 : start;
    end = end === undefined ? len : end;
    if (typeof start !== 'number' || typeof end !== 'number') {
      start = Math.trunc(+start) || 0;
      end = Math.trunc(+end) || 0;
    }
    if (start < 0 || end < 0 || start > len || end > len) throw cppError(RangeError, old ? 'ERR_INDEX_OUT_OF_RANGE' : 'ERR_OUT_OF_RANGE', 'Index out of range');
    if (end <= start) return '';
    return host.decode(window(buf, start, end), encoding);
  }
  // writeString: string's bytes in encoding written at offset, at most length of them.
  function writeString(buf, string, offset, length, encoding) {
    if (typeof string !== 'string') throw cppError(TypeError, 'ERR_INVALID_ARG_TYPE', 'argument must be a string');
    if (string.length === 0 || length === 0) return 0;
    const bytes = new Uint8Array(host.encode(string, encoding, length));
    Uint8Array.prototype.set.call(buf, bytes, offset);
    return bytes.length;
  }
  // checkedWrite: the *Write methods' checks of offset and length.
  function checkedWrite(buf, string, offset, length, encoding) {
    const n = buf.byteLength;
    if (offset === undefined) offset = 0;
    if (length === undefined) length = n - offset;
    if (offset < 0 || offset > n) throw old ? cppError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS', '"offset" is outside of buffer bounds') : outOfBounds('offset');
    if (length < 0 || length > n - offset) {
      if (!old) throw outOfBounds('length');
      length = n - offset; // Node 10's C++ clips it
    }
    return writeString(buf, string, offset >>> 0, length >>> 0, encoding);
  }

  function bidirectionalIndexOf(buffer, val, byteOffset, encoding, dir) {
    if (!isTypedArray(buffer) && !ArrayBuffer.isView(buffer)) throw argType('buffer', 'an instance of Buffer, TypedArray, or DataView', buffer);
    if (typeof byteOffset === 'string') {
      encoding = byteOffset;
      byteOffset = undefined;
    } else if (byteOffset > 0x7fffffff) byteOffset = 0x7fffffff;
    else if (byteOffset < -0x80000000) byteOffset = -0x80000000;
    byteOffset = +byteOffset;
    if (Number.isNaN(byteOffset)) byteOffset = dir ? 0 : (buffer.length || buffer.byteLength);
    byteOffset = Math.trunc(byteOffset);
    if (typeof val === 'number') {
      const needle = new Uint8Array([(val >>> 0) & 0xff]);
      return host.indexOf(buffer, needle, byteOffset, dir, false);
    }
    const enc = encoding === undefined ? 'utf8' : encodingOf(encoding);
    if (typeof val === 'string') {
      if (enc === undefined) throw unknownEncoding(encoding);
      const needle = host.encode(val, enc);
      if (needle.byteLength === 0 && (enc === 'hex' || enc === 'base64' || enc === 'base64url')) {
        return host.indexOf(buffer, needle, byteOffset, dir, false);
      }
      return host.indexOf(buffer, needle, byteOffset, dir, enc === 'utf16le');
    }
    if (isUint8Array(val)) return host.indexOf(buffer, val, byteOffset, dir, enc === 'utf16le');
    throw argType('value', 'one of type number or string or an instance of Buffer or Uint8Array', val, 'one of type string, Buffer, or Uint8Array');
  }

  function fillBuffer(buf, value, offset, end, encoding) {
    let enc;
    if (typeof value === 'string') {
      if (offset === undefined || typeof offset === 'string') {
        encoding = offset;
        offset = 0;
        end = buf.length;
      } else if (typeof end === 'string') {
        encoding = end;
        end = buf.length;
      }
      enc = normalizeEncoding(encoding);
      if (enc === undefined) {
        if (typeof encoding !== 'string') throw argType('encoding', 'of type string', encoding);
        throw unknownEncoding(encoding);
      }
      if (value.length === 0) value = 0;
      else if (value.length === 1) {
        const code = value.charCodeAt(0);
        if ((enc === 'utf8' || enc === 'ascii') && code < 128) value = code;
        else if (enc === 'latin1') value = code;
      }
    }
    if (offset === undefined) {
      offset = 0;
      end = buf.length;
    } else if (old && (offset < 0 || (end !== undefined && end > buf.length))) {
      throw indexOutOfRange();
    } else {
      validateOffset(offset, 'offset');
      if (end === undefined) end = buf.length;
      else validateOffset(end, 'end', 0, buf.length);
      if (offset >= end) return buf;
    }
    if (typeof value === 'number') {
      if (offset > end || end > buf.byteLength) throw outOfBounds();
      Uint8Array.prototype.fill.call(buf, value & 255, offset, end);
      return buf;
    }
    let bytes;
    if (typeof value === 'string') bytes = new Uint8Array(host.encode(value, enc));
    else if (ArrayBuffer.isView(value)) bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    else if (typeof value === 'boolean') {
      Uint8Array.prototype.fill.call(buf, +value, offset, end);
      return buf;
    } else {
      Uint8Array.prototype.fill.call(buf, (value >>> 0) & 255, offset, end);
      return buf;
    }
    if (bytes.length === 0) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'value' is invalid. Received " + internals.inspect(value));
    if (end > buf.byteLength) throw outOfBounds();
    for (let i = offset; i < end; i += bytes.length) {
      Uint8Array.prototype.set.call(buf, end - i >= bytes.length ? bytes : bytes.subarray(0, end - i), i);
    }
    return buf;
  }

  function adjustOffset(offset, length) {
    offset = Math.trunc(offset);
    if (offset === 0) return 0;
    if (offset < 0) {
      offset += length;
      return offset > 0 ? offset : 0;
    }
    if (offset < length) return offset;
    return Number.isNaN(offset) ? 0 : length;
  }
  function swap(b, n, m) {
    const i = b[n];
    b[n] = b[m];
    b[m] = i;
  }

  let INSPECT_MAX_BYTES = 50;

  // ---- Buffer.prototype, in Node's order -----------------------------------------------
  const proto = Buffer.prototype;
  proto.readBigUInt64LE = function readBigUInt64LE(offset = 0) { return readBig(this, offset, true, false); };
  proto.readBigUInt64BE = function readBigUInt64BE(offset = 0) { return readBig(this, offset, false, false); };
  proto.readBigUint64LE = proto.readBigUInt64LE;
  proto.readBigUint64BE = proto.readBigUInt64BE;
  proto.readBigInt64LE = function readBigInt64LE(offset = 0) { return readBig(this, offset, true, true); };
  proto.readBigInt64BE = function readBigInt64BE(offset = 0) { return readBig(this, offset, false, true); };
  proto.writeBigUInt64LE = function writeBigUInt64LE(value, offset = 0) { return writeBig(this, value, offset, true, false); };
  proto.writeBigUInt64BE = function writeBigUInt64BE(value, offset = 0) { return writeBig(this, value, offset, false, false); };
  proto.writeBigUint64LE = proto.writeBigUInt64LE;
  proto.writeBigUint64BE = proto.writeBigUInt64BE;
  proto.writeBigInt64LE = function writeBigInt64LE(value, offset = 0) { return writeBig(this, value, offset, true, true); };
  proto.writeBigInt64BE = function writeBigInt64BE(value, offset = 0) { return writeBig(this, value, offset, false, true); };

  const readVar = (le, signed) => function (offset, byteLength) {
    if (offset === undefined) throw argType('offset', 'of type number', offset);
    if (!byteLengthOK(byteLength)) boundsError(byteLength, 6, 'byteLength');
    return signed ? readS(this, offset, byteLength, le) : readU(this, offset, byteLength, le);
  };
  const named = (name, fn) => Object.defineProperty(fn, 'name', { value: name });
  // shaped: a method with its release's name and length (Node 24 wraps the fixed-width
  // reads and the *Slice/*Write bindings in anonymous functions; earlier releases named
  // them, the bindings with length 0).
  const shaped = (fn, name, length24, lengthBefore) => {
    Object.defineProperty(fn, 'name', { value: major >= 24 ? '' : name });
    return Object.defineProperty(fn, 'length', { value: major >= 24 ? length24 : lengthBefore });
  };
  proto.readUIntLE = named('readUIntLE', readVar(true, false));
  proto.readUInt32LE = shaped(function (offset) { return readU(this, offset === undefined ? 0 : offset, 4, true); }, 'readUInt32LE', 1, 0);
  proto.readUInt16LE = shaped(function (offset) { return readU(this, offset === undefined ? 0 : offset, 2, true); }, 'readUInt16LE', 1, 0);
  proto.readUInt8 = shaped(function (offset) { return readU(this, offset === undefined ? 0 : offset, 1, true); }, 'readUInt8', 1, 0);
  proto.readUIntBE = named('readUIntBE', readVar(false, false));
  proto.readUInt32BE = shaped(function (offset) { return readU(this, offset === undefined ? 0 : offset, 4, false); }, 'readUInt32BE', 1, 0);
  proto.readUInt16BE = shaped(function (offset) { return readU(this, offset === undefined ? 0 : offset, 2, false); }, 'readUInt16BE', 1, 0);
  proto.readUintLE = proto.readUIntLE;
  proto.readUint32LE = proto.readUInt32LE;
  proto.readUint16LE = proto.readUInt16LE;
  proto.readUint8 = proto.readUInt8;
  proto.readUintBE = proto.readUIntBE;
  proto.readUint32BE = proto.readUInt32BE;
  proto.readUint16BE = proto.readUInt16BE;
  proto.readIntLE = named('readIntLE', readVar(true, true));
  proto.readInt32LE = shaped(function (offset) { return readS(this, offset === undefined ? 0 : offset, 4, true); }, 'readInt32LE', 1, 0);
  proto.readInt16LE = shaped(function (offset) { return readS(this, offset === undefined ? 0 : offset, 2, true); }, 'readInt16LE', 1, 0);
  proto.readInt8 = shaped(function (offset) { return readS(this, offset === undefined ? 0 : offset, 1, true); }, 'readInt8', 1, 0);
  proto.readIntBE = named('readIntBE', readVar(false, true));
  proto.readInt32BE = shaped(function (offset) { return readS(this, offset === undefined ? 0 : offset, 4, false); }, 'readInt32BE', 1, 0);
  proto.readInt16BE = shaped(function (offset) { return readS(this, offset === undefined ? 0 : offset, 2, false); }, 'readInt16BE', 1, 0);

  const writeVar = (le, signed) => function (value, offset, byteLength) {
    if (!byteLengthOK(byteLength)) boundsError(byteLength, 6, 'byteLength');
    return writeN(this, value, offset, byteLength, le, signed ? sMin[byteLength] : 0, signed ? -sMin[byteLength] - 1 : uMax[byteLength]);
  };
  proto.writeUIntLE = named('writeUIntLE', writeVar(true, false));
  proto.writeUInt32LE = function writeUInt32LE(value, offset = 0) { return writeN(this, value, offset, 4, true, 0, 0xffffffff); };
  proto.writeUInt16LE = function writeUInt16LE(value, offset = 0) { return writeN(this, value, offset, 2, true, 0, 0xffff); };
  proto.writeUInt8 = function writeUInt8(value, offset = 0) { return writeN(this, value, offset, 1, true, 0, 0xff); };
  proto.writeUIntBE = named('writeUIntBE', writeVar(false, false));
  proto.writeUInt32BE = function writeUInt32BE(value, offset = 0) { return writeN(this, value, offset, 4, false, 0, 0xffffffff); };
  proto.writeUInt16BE = function writeUInt16BE(value, offset = 0) { return writeN(this, value, offset, 2, false, 0, 0xffff); };
  proto.writeUintLE = proto.writeUIntLE;
  proto.writeUint32LE = proto.writeUInt32LE;
  proto.writeUint16LE = proto.writeUInt16LE;
  proto.writeUint8 = proto.writeUInt8;
  proto.writeUintBE = proto.writeUIntBE;
  proto.writeUint32BE = proto.writeUInt32BE;
  proto.writeUint16BE = proto.writeUInt16BE;
  proto.writeIntLE = named('writeIntLE', writeVar(true, true));
  proto.writeInt32LE = function writeInt32LE(value, offset = 0) { return writeN(this, value, offset, 4, true, -0x80000000, 0x7fffffff); };
  proto.writeInt16LE = function writeInt16LE(value, offset = 0) { return writeN(this, value, offset, 2, true, -0x8000, 0x7fff); };
  proto.writeInt8 = function writeInt8(value, offset = 0) { return writeN(this, value, offset, 1, true, -0x80, 0x7f); };
  proto.writeIntBE = named('writeIntBE', writeVar(false, true));
  proto.writeInt32BE = function writeInt32BE(value, offset = 0) { return writeN(this, value, offset, 4, false, -0x80000000, 0x7fffffff); };
  proto.writeInt16BE = function writeInt16BE(value, offset = 0) { return writeN(this, value, offset, 2, false, -0x8000, 0x7fff); };

  proto.readFloatLE = named('readFloatForwards', function (offset = 0) { return readFloat(this, offset, 4, true); });
  proto.readFloatBE = named('readFloatBackwards', function (offset = 0) { return readFloat(this, offset, 4, false); });
  proto.readDoubleLE = named('readDoubleForwards', function (offset = 0) { return readFloat(this, offset, 8, true); });
  proto.readDoubleBE = named('readDoubleBackwards', function (offset = 0) { return readFloat(this, offset, 8, false); });
  proto.writeFloatLE = named('writeFloatForwards', function (val, offset = 0) { return writeFloat(this, val, offset, 4, true); });
  proto.writeFloatBE = named('writeFloatBackwards', function (val, offset = 0) { return writeFloat(this, val, offset, 4, false); });
  proto.writeDoubleLE = named('writeDoubleForwards', function (val, offset = 0) { return writeFloat(this, val, offset, 8, true); });
  proto.writeDoubleBE = named('writeDoubleBackwards', function (val, offset = 0) { return writeFloat(this, val, offset, 8, false); });

  for (const [name, enc] of [['ascii', 'ascii'], ['base64', 'base64'], ['base64url', 'base64url'], ['latin1', 'latin1'], ['hex', 'hex'], ['ucs2', 'utf16le'], ['utf8', 'utf8']]) {
    proto[name + 'Slice'] = shaped(function (start, end) { return slice(this, enc, start, end); }, name + 'Slice', 2, 0);
  }
  for (const [name, enc] of [['ascii', 'ascii'], ['base64', 'base64'], ['base64url', 'base64url'], ['latin1', 'latin1'], ['hex', 'hex'], ['ucs2', 'utf16le'], ['utf8', 'utf8']]) {
    const before = major >= 22 && (name === 'ascii' || name === 'latin1' || name === 'utf8') ? 1 : 0;
    proto[name + 'Write'] = shaped(function (string, offset, length) { return checkedWrite(this, string, offset, length, enc); }, name + 'Write', 3, before);
  }

  Object.defineProperty(proto, 'parent', { enumerable: true, configurable: false, get() { return this instanceof Buffer ? this.buffer : undefined; } });
  Object.defineProperty(proto, 'offset', { enumerable: true, configurable: false, get() { return this instanceof Buffer ? this.byteOffset : undefined; } });

  // Node 10's copy checks its ranges in C++.
  const copyIndexError = () => cppError(RangeError, 'ERR_INDEX_OUT_OF_RANGE', 'Index out of range');
  proto.copy = function copy(target, targetStart, sourceStart, sourceEnd) {
    const source = this;
    if (!ArrayBuffer.isView(source)) throw bufferOrUint8('source', source);
    if (!ArrayBuffer.isView(target)) {
      if (old) throw cppError(TypeError, 'ERR_INVALID_ARG_TYPE', 'argument must be a buffer');
      throw bufferOrUint8('target', target);
    }
    const toInt = (n) => {
      n = +n;
      return !Number.isNaN(n) && n >= Number.MIN_SAFE_INTEGER && n <= Number.MAX_SAFE_INTEGER ? (n % 1 === 0 ? n : Math.floor(n)) : 0;
    };
    if (targetStart === undefined) targetStart = 0;
    else {
      targetStart = Number.isInteger(targetStart) ? targetStart : toInt(targetStart);
      if (targetStart < 0) throw old ? copyIndexError() : outOfRange('targetStart', '>= 0', targetStart);
    }
    if (sourceStart === undefined) sourceStart = 0;
    else {
      sourceStart = Number.isInteger(sourceStart) ? sourceStart : toInt(sourceStart);
      if (old && sourceStart < 0) throw copyIndexError();
      if (!old && (sourceStart < 0 || sourceStart > source.byteLength)) throw outOfRange('sourceStart', '>= 0 && <= ' + source.byteLength, sourceStart);
    }
    if (sourceEnd === undefined) sourceEnd = source.byteLength;
    else {
      sourceEnd = Number.isInteger(sourceEnd) ? sourceEnd : toInt(sourceEnd);
      if (sourceEnd < 0) throw old ? copyIndexError() : outOfRange('sourceEnd', '>= 0', sourceEnd);
    }
    if (targetStart >= target.byteLength || sourceStart >= sourceEnd) return 0;
    if (sourceEnd - sourceStart > target.byteLength - targetStart) sourceEnd = sourceStart + target.byteLength - targetStart;
    let nb = sourceEnd - sourceStart;
    const sourceLen = source.byteLength - sourceStart;
    if (nb > sourceLen) nb = sourceLen;
    if (nb <= 0) return 0;
    const from = new Uint8Array(source.buffer, source.byteOffset + sourceStart, nb);
    new Uint8Array(target.buffer, target.byteOffset, target.byteLength).set(from.slice(), targetStart);
    return nb;
  };

  proto.toString = function toString(encoding, start, end) {
    if (arguments.length === 0) return host.decode(this, 'utf8');
    const len = typedLength.call(this);
    if (start <= 0) start = 0;
    else if (start >= len) return '';
    else start = Math.trunc(start) || 0;
    if (end === undefined || end > len) end = len;
    else end = Math.trunc(end) || 0;
    if (end <= start) return '';
    let enc = 'utf8';
    if (encoding !== undefined) {
      enc = encodingOf(encoding);
      if (enc === undefined) throw unknownEncoding(encoding);
    }
    return host.decode(start === 0 && end === len ? this : window(this, start, end), enc);
  };

  proto.equals = function equals(otherBuffer) {
    if (!isUint8Array(otherBuffer)) throw bufferOrUint8('otherBuffer', otherBuffer);
    if (this === otherBuffer) return true;
    const len = this.byteLength;
    if (len !== otherBuffer.byteLength) return false;
    return len === 0 || compareBytes(this, 0, len, otherBuffer, 0, len) === 0;
  };

  // inspect: <Buffer 68 69>, at most INSPECT_MAX_BYTES bytes, then the own non-index
  // properties (Node 12 and later), under the constructor's own name.
  proto[inspectCustom] = function inspect(recurseTimes, ctx) {
    const max = INSPECT_MAX_BYTES;
    const actualMax = Math.min(max, this.length);
    const remaining = this.length - max;
    let str = host.decode(window(this, 0, Math.max(actualMax, 0)), 'hex').replace(/(.{2})/g, '$1 ').trim();
    if (old) {
      if (remaining > 0) str += ' ... ';
      return '<' + this.constructor.name + ' ' + str + '>';
    }
    if (remaining > 0) str += ' ... ' + remaining + ' more byte' + (remaining > 1 ? 's' : '');
    if (ctx) {
      const inspector = internals.inspector;
      let extras = false;
      const obj = { __proto__: null };
      for (const key of inspector.getOwnNonIndexProperties(this, ctx.showHidden ? inspector.ALL_PROPERTIES : inspector.ONLY_ENUMERABLE)) {
        extras = true;
        obj[key] = this[key];
      }
      if (extras) {
        if (this.length !== 0) str += ', ';
        // '[Object: null prototype] {' is 26 characters and a space
        str += inspector.inspect(obj, { ...ctx, breakLength: Infinity, compact: true }).slice(27, -2);
      }
    }
    let constructorName = 'Buffer';
    try {
      const { constructor } = this;
      if (typeof constructor === 'function' && Object.prototype.hasOwnProperty.call(constructor, 'name')) constructorName = constructor.name;
    } catch { /* the default name */ }
    return '<' + constructorName + ' ' + str + '>';
  };
  proto.inspect = proto[inspectCustom];

  proto.compare = function compare(target, targetStart, targetEnd, sourceStart, sourceEnd) {
    if (!isUint8Array(target)) throw bufferOrUint8('target', target);
    if (arguments.length === 1) return compareBytes(this, 0, this.length, target, 0, target.length);
    if (old) return compare10(this, target, targetStart, targetEnd, sourceStart, sourceEnd);
    if (targetStart === undefined) targetStart = 0;
    else validateOffset(targetStart, 'targetStart');
    if (targetEnd === undefined) targetEnd = target.length;
    else validateOffset(targetEnd, 'targetEnd', 0, target.length);
    if (sourceStart === undefined) sourceStart = 0;
    else validateOffset(sourceStart, 'sourceStart');
    if (sourceEnd === undefined) sourceEnd = this.length;
    else validateOffset(sourceEnd, 'sourceEnd', 0, this.length);
    if (sourceStart >= sourceEnd) return targetStart >= targetEnd ? 0 : -1;
    if (targetStart >= targetEnd) return 1;
    return compareBytes(this, sourceStart, sourceEnd, target, Math.min(targetStart, target.length), targetEnd);
  };

  // compare10: Node 10's compare, which coerces its range to unsigned integers.
  function compare10(source, target, start, end, thisStart, thisEnd) {
    const coerce = (v, dflt, bad) => {
      if (v === undefined) return dflt;
      if (bad(v)) throw indexOutOfRange();
      return v >>> 0;
    };
    start = coerce(start, 0, (v) => v < 0);
    end = coerce(end, target.length, (v) => v > target.length);
    thisStart = coerce(thisStart, 0, (v) => v < 0);
    thisEnd = coerce(thisEnd, source.length, (v) => v > source.length);
    if (thisStart >= thisEnd) return start >= end ? 0 : -1;
    if (start >= end) return 1;
    return compareBytes(source, thisStart, thisEnd, target, Math.min(start, target.length), end);
  }

  proto.indexOf = function indexOf(val, byteOffset, encoding) { return bidirectionalIndexOf(this, val, byteOffset, encoding, true); };
  proto.lastIndexOf = function lastIndexOf(val, byteOffset, encoding) { return bidirectionalIndexOf(this, val, byteOffset, encoding, false); };
  proto.includes = function includes(val, byteOffset, encoding) { return bidirectionalIndexOf(this, val, byteOffset, encoding, true) !== -1; };
  proto.fill = function fill(value, offset, end, encoding) { return fillBuffer(this, value, offset, end, encoding); };

  proto.write = function write(string, offset, length, encoding) {
    const len = typedLength.call(this);
    if (offset === undefined) return checkedWrite(this, string, 0, len, 'utf8');
    if (length === undefined && typeof offset === 'string') {
      encoding = offset;
      length = len;
      offset = 0;
    } else if (old) { // Node 10: offset and length coerced to unsigned integers
      if (!isFinite(offset)) throw makeError(Error, 'ERR_NO_LONGER_SUPPORTED', 'Buffer.write(string, encoding, offset[, length]) is no longer supported');
      offset >>>= 0;
      if (isFinite(length)) length >>>= 0;
      else {
        encoding = length;
        length = undefined;
      }
      const remaining = len - offset;
      if (length === undefined || length > remaining) length = remaining;
      if (string.length > 0 && length < 0) throw outOfBounds();
    } else {
      validateOffset(offset, 'offset', 0, len);
      const remaining = len - offset;
      if (length === undefined) length = remaining;
      else if (typeof length === 'string') {
        encoding = length;
        length = remaining;
      } else {
        validateOffset(length, 'length', 0, len);
        if (length > remaining) length = remaining;
      }
    }
    let enc = 'utf8';
    if (encoding && encoding !== 'utf8') {
      enc = encoding === 'ascii' ? 'ascii' : encodingOf(encoding);
      if (enc === undefined) throw unknownEncoding(encoding);
    }
    return checkedWrite(this, string, offset, length, enc);
  };

  proto.toJSON = function toJSON() {
    const len = typedLength.call(this);
    const data = new Array(len);
    for (let i = 0; i < len; ++i) data[i] = this[i];
    return { type: 'Buffer', data };
  };

  proto.subarray = function subarray(start, end) {
    const srcLength = typedLength.call(this);
    start = adjustOffset(start, srcLength);
    end = end !== undefined ? adjustOffset(end, srcLength) : srcLength;
    return new FastBuffer(this.buffer, this.byteOffset + start, end > start ? end - start : 0);
  };
  proto.slice = function slice(start, end) { return this.subarray(start, end); };

  const swapper = (size, bits) => function () {
    const len = typedLength.call(this);
    if (len % size !== 0) throw makeError(RangeError, 'ERR_INVALID_BUFFER_SIZE', 'Buffer size must be a multiple of ' + bits);
    for (let i = 0; i < len; i += size) for (let j = 0; j < size / 2; j++) swap(this, i + j, i + size - 1 - j);
    return this;
  };
  proto.swap16 = named('swap16', swapper(2, '16-bits'));
  proto.swap32 = named('swap32', swapper(4, '32-bits'));
  proto.swap64 = named('swap64', swapper(8, '64-bits'));
  proto.toLocaleString = proto.toString;
  // The lengths that moved between releases.
  const setLength = (fn, n) => Object.defineProperty(fn, 'length', { value: n });
  if (old) {
    for (const n of ['writeUIntLE', 'writeUIntBE', 'writeIntLE', 'writeIntBE']) setLength(proto[n], 1);
    setLength(proto.inspect, 0);
  }
  if (major >= 26) {
    for (const n of ['indexOf', 'lastIndexOf', 'includes']) setLength(proto[n], 4);
    setLength(Buffer.allocUnsafe, 2);
    setLength(Buffer.allocUnsafeSlow, 2);
  }
  // The inherited subarray of a release without Buffer.prototype.subarray still makes a
  // Buffer (Symbol.species).

  // ---- the module's other exports ------------------------------------------------------
  function SlowBuffer(size) {
    validateSize(size);
    return new FastBuffer(size);
  }
  Object.setPrototypeOf(SlowBuffer.prototype, Uint8Array.prototype);
  Object.setPrototypeOf(SlowBuffer, Uint8Array);
  let slowWarned = false;
  const DeprecatedSlowBuffer = major >= 24 ? function SlowBuffer(size) {
    if (!slowWarned) {
      slowWarned = true;
      internals.process.emitWarning('SlowBuffer() is deprecated. Please use Buffer.allocUnsafeSlow()', 'DeprecationWarning', 'DEP0030');
    }
    return new.target ? Reflect.construct(SlowBuffer, [size], new.target) : SlowBuffer(size);
  } : SlowBuffer;
  if (DeprecatedSlowBuffer !== SlowBuffer) {
    Object.setPrototypeOf(DeprecatedSlowBuffer, SlowBuffer);
    DeprecatedSlowBuffer.prototype = SlowBuffer.prototype;
  }

  const transcodeNames = { __proto__: null, utf8: 'utf8', utf16le: 'ucs2', latin1: 'latin1', ascii: 'ascii' };
  function transcode(source, fromEncoding, toEncoding) {
    if (!isUint8Array(source)) throw bufferOrUint8('source', source);
    if (source.length === 0) return new FastBuffer();
    const from = transcodeNames[normalizeEncoding(fromEncoding) || fromEncoding];
    const to = transcodeNames[normalizeEncoding(toEncoding) || toEncoding];
    const result = from === undefined || to === undefined ? 1 : host.transcode(source, from, to, old);
    if (typeof result === 'number') {
      const code = result === 1 ? 'U_ILLEGAL_ARGUMENT_ERROR' : 'U_INVALID_CHAR_FOUND';
      const err = new Error('Unable to transcode Buffer [' + code + ']');
      err.code = code;
      err.errno = result;
      throw err;
    }
    return new FastBuffer(result, 0, result.byteLength);
  }
  const bytesInput = (input) => {
    if (isTypedArray(input) || isAnyArrayBuffer(input)) return input;
    throw argType('input', 'an instance of ArrayBuffer, Buffer, or TypedArray', input);
  };
  function isUtf8(input) { return host.bytesKind(bytesInput(input)) > 0; }
  function isAscii(input) { return host.bytesKind(bytesInput(input)) === 2; }
  // Node 26: whether a string's characters are all Latin-1.
  function isLatin1(input) {
    if (typeof input !== 'string') throw argType('input', 'of type string', input);
    return /^[\x00-\xff]*$/.test(input);
  }
  // An object URL is made by URL.createObjectURL, which the simulator refuses: no URL
  // resolves to a Blob.
  function resolveObjectURL(url) {
    url = `${url}`;
    return undefined;
  }

  exports.Buffer = Buffer;
  exports.SlowBuffer = DeprecatedSlowBuffer;
  exports.transcode = transcode;
  exports.isUtf8 = isUtf8;
  exports.isAscii = isAscii;
  exports.isLatin1 = isLatin1;
  exports.kMaxLength = kMaxLength;
  exports.kStringMaxLength = kStringMaxLength;
  exports.btoa = internals.btoa;
  exports.atob = internals.atob;
  Object.defineProperty(exports, 'constants', { configurable: false, enumerable: true, writable: false,
    value: Object.defineProperties({}, {
      MAX_LENGTH: { value: kMaxLength, writable: false, enumerable: true },
      MAX_STRING_LENGTH: { value: kStringMaxLength, writable: false, enumerable: true },
    }) });
  if (old) {
    // Node 10: a plain property inspect reads on each call
    Object.defineProperty(exports, 'INSPECT_MAX_BYTES', { configurable: true, enumerable: true,
      get() { return INSPECT_MAX_BYTES; }, set(v) { INSPECT_MAX_BYTES = v; } });
  } else {
    Object.defineProperty(exports, 'INSPECT_MAX_BYTES', { configurable: true, enumerable: true,
      get() { return INSPECT_MAX_BYTES; },
      set(v) {
        validateNumber(v, 'INSPECT_MAX_BYTES', 0);
        INSPECT_MAX_BYTES = v;
      } });
  }
  for (const name of ['Blob', 'File']) {
    Object.defineProperty(exports, name, { configurable: true, enumerable: true, get() { return internals[name]; }, set(v) {
      Object.defineProperty(exports, name, { value: v, writable: true, enumerable: true, configurable: true });
    } });
  }
  exports.resolveObjectURL = resolveObjectURL;

  // The members the profile's release lacks (R-V8).
  internals.withoutAbsent(FastBuffer, 'Buffer.prototype');
  const absentStatics = host.absentExports('Buffer');
  if (absentStatics !== undefined) for (const n of absentStatics) delete Buffer[n];
})
