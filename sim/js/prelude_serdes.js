// prelude_serdes.js: the structured clone algorithm (HTML's StructuredSerialize, as V8's
// ValueSerializer implements it) for structuredClone and for messages between threads,
// and Node's serialization of a worker's uncaught error; a part of prelude.js loaded on
// first use.
//
// serialize(value, options) returns a string (the record tree as JSON) that
// deserialize(string) turns into a new value, in the same runtime or another one:
// primitives (BigInt, -0, NaN, undefined included), Boolean/Number/String/BigInt
// objects, Date, RegExp, Map, Set, arrays (holes and extra properties kept), plain
// objects (own enumerable string keys, getters read), ArrayBuffer, typed arrays,
// DataView, errors (name from the prototype chain's built-in class, message, stack,
// cause), DOMException, shared references and cycles. Functions, symbols, promises,
// weak collections and proxies throw a DataCloneError as V8 does. A SharedArrayBuffer
// travels by reference through the host (shared(buf) gives its id) when the message
// crosses threads; within one thread structuredClone copies it, as Node does.
(function (p) {
  'use strict';
  const { use, hostcall, defineProperty } = p;
  const uncloneable = new WeakSet(); // worker_threads.markAsUncloneable, and host objects
  const toStr = Object.prototype.toString;
  const fnToString = Function.prototype.toString;
  const errorNames = ['EvalError', 'RangeError', 'ReferenceError', 'SyntaxError', 'TypeError', 'URIError'];
  const typedArrays = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array',
    'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'];
  if (typeof Float16Array === 'function') typedArrays.push('Float16Array');
  const TypedArray = Object.getPrototypeOf(Int8Array);
  const taTag = Object.getOwnPropertyDescriptor(TypedArray.prototype, Symbol.toStringTag).get;

  // A SharedArrayBuffer crossing threads is shared through the host (shared.go): one id
  // per buffer, one buffer of this runtime per id.
  const sharedIds = new WeakMap();
  const attached = new Map();
  const shareId = (sab) => {
    let id = sharedIds.get(sab);
    if (id === undefined) {
      id = hostcall(H_shareBuffer, sab);
      sharedIds.set(sab, id);
      attached.set(id, sab);
    }
    return id;
  };
  const attach = (id, len) => {
    let sab = attached.get(id);
    if (sab === undefined) {
      sab = new SharedArrayBuffer(len);
      hostcall(H_attachBuffer, id, sab);
      attached.set(id, sab);
      sharedIds.set(sab, id);
    }
    return sab;
  };

  const dataCloneError = (message) => new (use('DOMException'))(message, 'DataCloneError');

  // describe is V8's text for a value it cannot clone.
  const describe = (v) => {
    if (typeof v === 'function') return fnToString.call(v);
    if (typeof v === 'symbol') return v.toString();
    const ctor = v && v.constructor;
    return '#<' + (ctor && typeof ctor.name === 'string' && ctor.name ? ctor.name : 'Object') + '>';
  };

  const bytesOf = (buf, off, len) => Array.from(new Uint8Array(buf, off, len));

  // encode turns value into records; seen maps objects to their record ids.
  function encoder(options) {
    const seen = new Map();
    let next = 0;
    const crossThread = !!(options && options.crossThread);
    const transfer = options && options.transfer;
    const enc = (v) => {
      switch (typeof v) {
        case 'undefined': return { t: 'u' };
        case 'boolean': case 'string': return v;
        case 'number':
          if (Number.isNaN(v)) return { t: 'n', v: 'NaN' };
          if (v === Infinity || v === -Infinity) return { t: 'n', v: String(v) };
          if (Object.is(v, -0)) return { t: 'n', v: '-0' };
          return v;
        case 'bigint': return { t: 'b', v: v.toString() };
        case 'symbol': case 'function': throw dataCloneError(describe(v) + ' could not be cloned.');
        default: break;
      }
      if (v === null) return null;
      const known = seen.get(v);
      if (known !== undefined) return { t: 'r', id: known };
      const id = next++;
      seen.set(v, id);
      return encObject(v, id);
    };
    const encObject = (v, id) => {
      if (hostcall(H_classOf, v) === 'Proxy') throw dataCloneError(describe(v) + ' could not be cloned.');
      const tag = toStr.call(v);
      if (Array.isArray(v)) {
        const keys = Object.keys(v);
        return { t: 'a', id, len: v.length, k: keys, v: keys.map((k) => enc(v[k])) };
      }
      if (ArrayBuffer.isView(v)) {
        const isDV = !(v instanceof TypedArray);
        const type = isDV ? 'DataView' : taTag.call(v);
        return { t: 'V', id, type, buf: enc(v.buffer), off: v.byteOffset, len: isDV ? v.byteLength : v.length };
      }
      switch (tag) {
        case '[object Date]': return { t: 'D', id, v: enc(v.getTime()) };
        case '[object RegExp]': return { t: 'R', id, src: v.source, flags: v.flags };
        case '[object Map]': {
          const e = [];
          for (const [k, val] of v) e.push(enc(k), enc(val));
          return { t: 'M', id, e };
        }
        case '[object Set]': {
          const e = [];
          for (const k of v) e.push(enc(k));
          return { t: 'S', id, e };
        }
        case '[object ArrayBuffer]':
          if (transfer && transfer.includes(v)) return { t: 'AB', id, d: bytesOf(v, 0, v.byteLength), moved: true };
          return { t: 'AB', id, d: bytesOf(v, 0, v.byteLength) };
        case '[object SharedArrayBuffer]':
          if (crossThread) return { t: 'SAB', id, sid: shareId(v), len: v.byteLength };
          return { t: 'SABcopy', id, d: bytesOf(v, 0, v.byteLength) };
        case '[object Boolean]': return { t: 'W', id, type: 'Boolean', v: Boolean.prototype.valueOf.call(v) };
        case '[object Number]': return { t: 'W', id, type: 'Number', v: enc(Number.prototype.valueOf.call(v)) };
        case '[object String]': return { t: 'W', id, type: 'String', v: String.prototype.valueOf.call(v) };
        case '[object BigInt]': return { t: 'W', id, type: 'BigInt', v: BigInt.prototype.valueOf.call(v).toString() };
        case '[object Error]': return encError(v, id);
        case '[object DOMException]': return { t: 'DE', id, name: v.name, message: v.message, stack: v.stack };
        case '[object Promise]': case '[object WeakMap]': case '[object WeakSet]': case '[object WeakRef]':
          throw dataCloneError(describe(v) + ' could not be cloned.');
        default: break;
      }
      if (tag === '[object Blob]' || tag === '[object File]') {
        const rec = use('blobRecord') ? use('blobRecord')(v) : undefined;
        if (rec !== undefined) return Object.assign({ t: 'BL', id }, rec);
      }
      if (uncloneable.has(v)) {
        throw dataCloneError('Cannot clone object of unsupported type.');
      }
      const keys = Object.keys(v);
      return { t: 'o', id, k: keys, v: keys.map((k) => enc(v[k])) };
    };
    const encError = (e, id) => {
      let name = 'Error';
      for (let o = e; o !== null; o = Object.getPrototypeOf(o)) {
        const d = Object.getOwnPropertyDescriptor(o, 'name');
        if (d !== undefined) {
          if ('value' in d && errorNames.includes(d.value)) name = d.value;
          break;
        }
      }
      const rec = { t: 'E', id, name };
      const own = (k) => {
        const d = Object.getOwnPropertyDescriptor(e, k);
        return d !== undefined && 'value' in d ? d : undefined;
      };
      const m = own('message');
      if (m !== undefined) rec.message = String(m.value);
      if (Object.getOwnPropertyDescriptor(e, 'stack') !== undefined && typeof e.stack === 'string') rec.stack = e.stack;
      const c = own('cause');
      if (c !== undefined) rec.cause = enc(c.value);
      return rec;
    };
    return enc;
  }

  // decoder turns records back into values of this runtime.
  function decoder(options) {
    const made = new Map();
    const dec = (r) => {
      if (r === null || typeof r !== 'object') return r;
      switch (r.t) {
        case 'u': return undefined;
        case 'n': return r.v === '-0' ? -0 : Number(r.v);
        case 'b': return BigInt(r.v);
        case 'r': return made.get(r.id);
        default: return decObject(r);
      }
    };
    const keep = (r, v) => { made.set(r.id, v); return v; };
    const decObject = (r) => {
      switch (r.t) {
        case 'a': {
          const a = keep(r, new Array(r.len));
          r.k.forEach((k, i) => { a[k] = dec(r.v[i]); });
          return a;
        }
        case 'o': {
          const o = keep(r, {});
          r.k.forEach((k, i) => { defineProperty(o, k, { value: dec(r.v[i]), writable: true, enumerable: true, configurable: true }); });
          return o;
        }
        case 'D': return keep(r, new Date(dec(r.v)));
        case 'R': return keep(r, new RegExp(r.src, r.flags));
        case 'M': {
          const m = keep(r, new Map());
          for (let i = 0; i < r.e.length; i += 2) m.set(dec(r.e[i]), dec(r.e[i + 1]));
          return m;
        }
        case 'S': {
          const s = keep(r, new Set());
          for (const x of r.e) s.add(dec(x));
          return s;
        }
        case 'AB': {
          const ab = keep(r, new ArrayBuffer(r.d.length));
          new Uint8Array(ab).set(r.d);
          return ab;
        }
        case 'SABcopy': {
          const sab = keep(r, new SharedArrayBuffer(r.d.length));
          new Uint8Array(sab).set(r.d);
          return sab;
        }
        case 'SAB': return keep(r, attach(r.sid, r.len));
        case 'V': {
          const buf = dec(r.buf);
          const C = r.type === 'DataView' ? DataView : globalThis[r.type];
          return keep(r, new C(buf, r.off, r.len));
        }
        case 'W': {
          const v = r.type === 'BigInt' ? BigInt(r.v) : r.type === 'Number' ? dec(r.v) : r.v;
          return keep(r, Object(v));
        }
        case 'E': {
          const C = errorNames.includes(r.name) ? globalThis[r.name] : Error;
          const e = keep(r, Object.create(C.prototype));
          if (r.message !== undefined) defineProperty(e, 'message', { value: r.message, writable: true, configurable: true });
          defineProperty(e, 'stack', { value: r.stack !== undefined ? r.stack : (r.name + (r.message ? ': ' + r.message : '')), writable: true, configurable: true });
          if ('cause' in r) defineProperty(e, 'cause', { value: dec(r.cause), writable: true, configurable: true });
          return e;
        }
        case 'DE': {
          const e = keep(r, new (use('DOMException'))(r.message, r.name));
          if (r.stack !== undefined) defineProperty(e, 'stack', { value: r.stack, writable: true, configurable: true });
          return e;
        }
        case 'BL': return keep(r, use('blobFromRecord')(r));
        default: throw new TypeError('structured clone: unknown record ' + r.t);
      }
    };
    return dec;
  }

  // The structured clone's options argument, checked as Node checks it.
  function transferList(options) {
    if (options === undefined || options === null) return undefined;
    if (typeof options !== 'object') {
      throw use('makeError')(TypeError, 'ERR_INVALID_ARG_TYPE', "Failed to execute 'structuredClone': Options cannot be converted to a dictionary");
    }
    const t = options.transfer;
    if (t === undefined) return undefined;
    const list = Array.from(t);
    list.forEach((x, i) => {
      if (x === null || typeof x !== 'object') {
        throw use('makeError')(TypeError, 'ERR_INVALID_ARG_TYPE', "Failed to execute 'structuredClone': transfer in Options[" + i + '] is not an object.');
      }
    });
    return list;
  }

  // detach empties the transferred ArrayBuffers, as a transfer does.
  function detach(list) {
    for (const x of list || []) {
      if (toStr.call(x) === '[object ArrayBuffer]' && typeof p.arrayBufferTransfer === 'function') Reflect.apply(p.arrayBufferTransfer, x, []);
    }
  }

  return (name) => {
    switch (name) {
      case 'serdes': return {
        uncloneable,
        shareId,
        // serialize(value, { transfer, crossThread, shared }) -> string
        serialize: (value, options) => JSON.stringify(encoder(options)(value)),
        deserialize: (text, options) => decoder(options)(JSON.parse(text)),
        // serializeError is Node's serialization of a worker's uncaught exception: an
        // error keeps its built-in class and its own properties, anything else is
        // cloned (or, when it cannot be, its inspected text).
        serializeError: (err) => {
          if (err !== null && typeof err === 'object' && toStr.call(err) === '[object Error]') {
            let ctor = 'Error';
            for (let o = Object.getPrototypeOf(err); o !== null; o = Object.getPrototypeOf(o)) {
              const c = Object.getOwnPropertyDescriptor(o, 'constructor');
              if (c && typeof c.value === 'function' && (c.value.name === 'Error' || errorNames.includes(c.value.name))) { ctor = c.value.name; break; }
            }
            const props = [];
            for (const k of Object.getOwnPropertyNames(err)) {
              const d = Object.getOwnPropertyDescriptor(err, k);
              let v = 'value' in d ? d.value : undefined;
              try { v = JSON.parse(JSON.stringify(encoder()(v))); } catch (e) { v = { t: 'u' }; }
              props.push([k, d.enumerable, v]);
            }
            return JSON.stringify({ kind: 'error', ctor, props });
          }
          try {
            return JSON.stringify({ kind: 'value', v: encoder()(err) });
          } catch (e) {
            return JSON.stringify({ kind: 'inspected', text: use('inspect')(err) });
          }
        },
        deserializeError: (text) => {
          const s = JSON.parse(text);
          if (s.kind === 'value') return decoder()(s.v);
          if (s.kind === 'inspected') return s.text;
          const C = globalThis[s.ctor] || Error;
          const e = Object.create(C.prototype);
          const dec = decoder();
          for (const [k, enumerable, v] of s.props) defineProperty(e, k, { value: dec(v), enumerable, writable: true, configurable: true });
          return e;
        },
      };
      case 'structuredClone': return function structuredClone(value, options = undefined) {
        const transfer = transferList(options);
        const serdes = use('serdes');
        const text = serdes.serialize(value, { transfer });
        detach(transfer);
        return serdes.deserialize(text);
      };
      default: return undefined;
    }
  };
})
