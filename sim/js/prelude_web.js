// prelude_web.js: the web platform's events and cancellation as Node has them as globals
// (DOMException, Event, CustomEvent, EventTarget, AbortController, AbortSignal) and
// Node's own AbortError, a part of prelude.js loaded on first use.
//
// Written from the DOM standard and Node's documentation, checked against Node 20 and 24:
// - an EventTarget calls its listeners in the order they were added, one entry per
//   (listener, capture); a listener added while an event is dispatched is still called
//   when it lands after the listener running (Node walks a list, not a copy);
// - a listener that throws (or returns a promise that rejects) does not stop the others:
//   the error is rethrown from process.nextTick, an uncaught exception;
// - AbortSignal.timeout's timer is unref'd; AbortSignal.any follows its sources, and from
//   Node 24 on every follower is marked aborted before the source's listeners run.
(function (p) {
  'use strict';
  const { use, made, config, defineProperty } = p;
  const major = Number(/^v(\d+)/.exec(config.version)[1]);
  const inspectCustom = Symbol.for('nodejs.util.inspect.custom');
  const makeError = (...a) => use('makeError')(...a);
  const invalidArgType = (...a) => use('invalidArgType')(...a);

  // The DOMException names with a legacy code (WebIDL), in code order from 1.
  const legacyCodes = ['IndexSizeError', 'DOMStringSizeError', 'HierarchyRequestError', 'WrongDocumentError',
    'InvalidCharacterError', 'NoDataAllowedError', 'NoModificationAllowedError', 'NotFoundError', 'NotSupportedError',
    'InUseAttributeError', 'InvalidStateError', 'SyntaxError', 'InvalidModificationError', 'NamespaceError',
    'InvalidAccessError', 'ValidationError', 'TypeMismatchError', 'SecurityError', 'NetworkError', 'AbortError',
    'URLMismatchError', 'QuotaExceededError', 'TimeoutError', 'InvalidNodeTypeError', 'DataCloneError'];
  const legacyConstants = ['INDEX_SIZE_ERR', 'DOMSTRING_SIZE_ERR', 'HIERARCHY_REQUEST_ERR', 'WRONG_DOCUMENT_ERR',
    'INVALID_CHARACTER_ERR', 'NO_DATA_ALLOWED_ERR', 'NO_MODIFICATION_ALLOWED_ERR', 'NOT_FOUND_ERR', 'NOT_SUPPORTED_ERR',
    'INUSE_ATTRIBUTE_ERR', 'INVALID_STATE_ERR', 'SYNTAX_ERR', 'INVALID_MODIFICATION_ERR', 'NAMESPACE_ERR',
    'INVALID_ACCESS_ERR', 'VALIDATION_ERR', 'TYPE_MISMATCH_ERR', 'SECURITY_ERR', 'NETWORK_ERR', 'ABORT_ERR',
    'URL_MISMATCH_ERR', 'QUOTA_EXCEEDED_ERR', 'TIMEOUT_ERR', 'INVALID_NODE_TYPE_ERR', 'DATA_CLONE_ERR'];

  // enumerable makes the string-named members of proto (or those listed) enumerable, as
  // WebIDL attributes and operations are.
  const enumerable = (proto, names) => {
    for (const k of names || Object.getOwnPropertyNames(proto)) {
      if (k !== 'constructor') defineProperty(proto, k, { enumerable: true });
    }
  };

  return (name) => {
    switch (name) {
      case 'DOMException': {
        const state = new WeakMap();
        class DOMException extends Error {
          constructor(message = '', options = 'Error') {
            super();
            let name = 'Error';
            let cause;
            let hasCause = false;
            if (options !== null && typeof options === 'object') {
              if ('name' in options) name = String(options.name);
              if ('cause' in options) { hasCause = true; cause = options.cause; }
            } else if (options !== undefined) name = String(options);
            delete this.message; // message, name and code are the prototype's getters
            state.set(this, { message: String(message), name });
            if (hasCause) defineProperty(this, 'cause', { value: cause, writable: true, configurable: true, enumerable: false });
            use('restack')(this);
          }
          get name() { return stateOf(this).name; }
          get message() { return stateOf(this).message; }
          get code() { return legacyCodes.indexOf(stateOf(this).name) + 1; }
        }
        const stateOf = (e) => {
          const s = state.get(e);
          if (s === undefined) throw makeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type DOMException');
          return s;
        };
        enumerable(DOMException.prototype, ['name', 'message', 'code']);
        defineProperty(DOMException.prototype, Symbol.toStringTag, { value: 'DOMException', configurable: true });
        for (let i = 0; i < legacyConstants.length; i++) {
          const d = { value: i + 1, enumerable: true };
          defineProperty(DOMException, legacyConstants[i], d);
          defineProperty(DOMException.prototype, legacyConstants[i], d);
        }
        return DOMException;
      }
      // restack(err) gives an error made in JS its stack with its own name line.
      case 'restack': return (err) => {
        const frames = String(err.stack || '').split('\n').filter((l) => /^\s+at /.test(l));
        defineProperty(err, 'stack', { value: err.name + ': ' + err.message + (frames.length ? '\n' + frames.join('\n') : ''), writable: true, configurable: true, enumerable: false });
      };
      // Node's AbortError (events.once, timers/promises, streams): code ABORT_ERR, the
      // signal's reason as its cause.
      case 'AbortError': {
        class AbortError extends Error {
          constructor(message = 'The operation was aborted', options = undefined) {
            super(message, options);
            this.code = 'ABORT_ERR';
            this.name = 'AbortError';
          }
        }
        return AbortError;
      }
      case 'abortError': return (signal) => {
        const AbortError = use('AbortError');
        return signal === undefined ? new AbortError() : new AbortError(undefined, { cause: signal.reason });
      };
      case 'Event': return use('webEvents').Event;
      case 'CustomEvent': return use('webEvents').CustomEvent;
      case 'MessageEvent': return use('webEvents').MessageEvent;
      case 'CloseEvent': return use('webEvents').CloseEvent;
      case 'EventTarget': return use('webEvents').EventTarget;
      case 'AbortSignal': return use('webEvents').AbortSignal;
      case 'AbortController': return use('webEvents').AbortController;
      case 'webEvents': return makeWebEvents();
      case 'Blob': return makeBlob().Blob;
      case 'File': return use('blobClasses').File;
      case 'blobClasses': return makeBlob();
      case 'blobBytes': return use('blobClasses').bytesOf;
      case 'atob': return function atob(input) {
        if (arguments.length === 0) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "input" argument must be specified');
        const s = String(input).replace(/[\t\n\f\r ]/g, '');
        const DOMException = use('DOMException');
        if (s.length % 4 === 1 || /[^A-Za-z0-9+/=]/.test(s) || /=[^=]/.test(s) || /={3,}$/.test(s)) {
          throw new DOMException('Invalid character', 'InvalidCharacterError');
        }
        return use('builtin')('buffer').Buffer.from(s, 'base64').toString('latin1');
      };
      case 'btoa': return function btoa(input) {
        if (arguments.length === 0) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "input" argument must be specified');
        const s = String(input);
        for (let i = 0; i < s.length; i++) {
          if (s.charCodeAt(i) > 255) throw new (use('DOMException'))('Invalid character', 'InvalidCharacterError');
        }
        return use('builtin')('buffer').Buffer.from(s, 'latin1').toString('base64');
      };
      case 'Crypto': return use('webcrypto').Crypto;
      case 'CryptoKey': return use('webcrypto').CryptoKey;
      case 'SubtleCrypto': return use('webcrypto').SubtleCrypto;
      case 'crypto': return use('webcrypto').crypto;
      // webcrypto: the global crypto - random values and UUIDs from the run's seeded
      // generator, subtle.digest; the key operations refuse.
      case 'webcrypto': {
        let creating = true;
        const illegal = () => makeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
        const host = use('host');
        const integerArrays = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array',
          'Uint32Array', 'BigInt64Array', 'BigUint64Array'];
        const isIntegerArray = (v) => ArrayBuffer.isView(v) && !(v instanceof DataView) && integerArrays.includes(v[Symbol.toStringTag]);
        let theCrypto;
        const checkThis = (self) => {
          if (self !== theCrypto) throw makeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type Crypto');
        };
        class Crypto {
          constructor() { if (!creating) throw illegal(); }
          get subtle() { checkThis(this); return subtle; }
          getRandomValues(array) {
            checkThis(this);
            if (arguments.length === 0) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "typedArray" argument must be specified');
            if (!isIntegerArray(array)) {
              throw new (use('DOMException'))('The data argument must be an integer-type TypedArray', 'TypeMismatchError');
            }
            if (array.byteLength > 65536) {
              throw new (use('DOMException'))(`The requested length exceeds 65,536 bytes`, 'QuotaExceededError');
            }
            new Uint8Array(array.buffer, array.byteOffset, array.byteLength).set(new Uint8Array(host.randomBytes(array.byteLength)));
            return array;
          }
          randomUUID() {
            checkThis(this);
            const b = new Uint8Array(host.randomBytes(16));
            b[6] = (b[6] & 0x0f) | 0x40;
            b[8] = (b[8] & 0x3f) | 0x80;
            const h = Array.from(b, (x) => (x < 16 ? '0' : '') + x.toString(16)).join('');
            return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
          }
        }
        class CryptoKey { constructor() { throw illegal(); } }
        const digests = { __proto__: null, 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-384': 'sha384', 'SHA-512': 'sha512' };
        class SubtleCrypto {
          constructor() { if (!creating) throw illegal(); }
          digest(algorithm, data) {
            return new Promise((resolve, reject) => {
              const name = String(typeof algorithm === 'object' && algorithm !== null ? algorithm.name : algorithm).toUpperCase();
              const alg = digests[name];
              if (alg === undefined) { reject(new (use('DOMException'))('Unrecognized algorithm name', 'NotSupportedError')); return; }
              const bytes = ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
                : data instanceof ArrayBuffer ? new Uint8Array(data) : null;
              if (bytes === null) { reject(invalidArgType('data', ['ArrayBuffer', 'Buffer', 'TypedArray', 'DataView'], data)); return; }
              resolve(new Uint8Array(host.hash(alg, bytes)).slice().buffer);
            });
          }
        }
        for (const m of ['encrypt', 'decrypt', 'sign', 'verify', 'generateKey', 'deriveKey', 'deriveBits', 'importKey', 'exportKey',
          'wrapKey', 'unwrapKey']) {
          SubtleCrypto.prototype[m] = { [m]() { use('unsupported')('crypto.subtle.' + m, 'Web Crypto keys and ciphers are not simulated (digest is)'); } }[m];
        }
        for (const C of [Crypto, CryptoKey, SubtleCrypto]) defineProperty(C.prototype, Symbol.toStringTag, { value: C.name, configurable: true });
        const subtle = new SubtleCrypto();
        theCrypto = new Crypto();
        creating = false;
        return { Crypto, CryptoKey, SubtleCrypto, crypto: theCrypto };
      }
      case 'Navigator': return use('navigatorParts').Navigator;
      case 'navigator': return use('navigatorParts').navigator;
      case 'navigatorParts': {
        let creating = true;
        class Navigator {
          constructor() { if (!creating) throw makeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor'); }
          get hardwareConcurrency() { return 2; }
          get locks() { return use('builtin')('worker_threads').locks; }
          get language() { return 'en-US'; }
          get languages() { return ['en-US']; }
          get userAgent() { return 'Node.js/' + major; }
          get platform() { return 'linux'; }
        }
        enumerable(Navigator.prototype);
        defineProperty(Navigator.prototype, Symbol.toStringTag, { value: 'Navigator', configurable: true });
        const navigator = new Navigator();
        creating = false;
        return { Navigator, navigator };
      }
      default: return undefined;
    }
  };

  // makeBlob builds Blob and File: immutable bytes with a type (and a name).
  function makeBlob() {
    const { Buffer } = use('builtin')('buffer');
    const bytes = new WeakMap();
    const partBytes = (part) => {
      if (typeof part === 'string') return Buffer.from(part);
      if (part instanceof ArrayBuffer) return Buffer.from(part.slice(0));
      if (ArrayBuffer.isView(part)) return Buffer.from(part.buffer.slice(part.byteOffset, part.byteOffset + part.byteLength));
      if (bytes.has(part)) return bytes.get(part);
      return Buffer.from(String(part));
    };
    const normType = (t) => { const v = String(t === undefined ? '' : t); return /[^\x20-\x7e]/.test(v) ? '' : v.toLowerCase(); };
    class Blob {
      #type;
      constructor(sources = [], options = {}) {
        if (sources === null || typeof sources !== 'object' || typeof sources[Symbol.iterator] !== 'function') {
          throw use('invalidArgType')('sources', 'a sequence', sources);
        }
        const list = Array.from(sources, partBytes);
        bytes.set(this, Buffer.concat(list));
        this.#type = normType(options && options.type);
      }
      get type() { return this.#type; }
      get size() { return bytes.get(this).length; }
      slice(start = 0, end = undefined, type = '') {
        const all = bytes.get(this);
        const b = new Blob([all.subarray(...clamp(all.length, start, end))], { type });
        return b;
      }
      arrayBuffer() {
        const b = bytes.get(this);
        return Promise.resolve(b.buffer.slice(b.byteOffset, b.byteOffset + b.length));
      }
      text() { return Promise.resolve(new (use('TextDecoder'))().decode(bytes.get(this))); }
      bytes() { return Promise.resolve(new Uint8Array(bytes.get(this))); }
      stream() {
        const b = bytes.get(this);
        const src = use('builtin')('stream/web')[Symbol.for('looplab.streamweb.internals')].byteSource();
        if (b.length) src.push(new Uint8Array(b));
        src.end();
        return src.stream;
      }
      [inspectCustom](depth, options, inspect) {
        return 'Blob ' + inspect({ size: this.size, type: this.#type }, options);
      }
    }
    const clamp = (len, start, end) => {
      const rel = (v, d) => (v === undefined ? d : v < 0 ? Math.max(len + v, 0) : Math.min(v, len));
      const a = rel(start, 0), b = rel(end, len);
      return [a, Math.max(a, b)];
    };
    enumerable(Blob.prototype);
    defineProperty(Blob.prototype, Symbol.toStringTag, { value: 'Blob', configurable: true });
    class File extends Blob {
      #name; #lastModified;
      constructor(fileBits, fileName, options = {}) {
        if (arguments.length < 2) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "fileBits" and "fileName" arguments must be specified');
        super(fileBits, options);
        this.#name = String(fileName);
        this.#lastModified = options && options.lastModified !== undefined ? Number(options.lastModified) : Date.now();
      }
      get name() { return this.#name; }
      get lastModified() { return this.#lastModified; }
      [inspectCustom](depth, options, inspect) {
        return 'File ' + inspect({ size: this.size, type: this.type, name: this.#name, lastModified: this.#lastModified }, options);
      }
    }
    enumerable(File.prototype);
    defineProperty(File.prototype, Symbol.toStringTag, { value: 'File', configurable: true });
    made.blobClasses = { Blob, File, bytesOf: (b) => bytes.get(b) };
    return made.blobClasses;
  }

  // makeWebEvents builds the classes together: they share internal access.
  function makeWebEvents() {
    const trust = Symbol('trusted event'); // an option only the simulator's own events carry
    let internal; // Event's private state, for EventTarget (set by Event's static block)
    const now = () => use('performance').now();

    class Event {
      #type; #bubbles; #cancelable; #composed; #trusted;
      #defaultPrevented = false;
      #stopped = false;          // stopImmediatePropagation
      #propagationStopped = false;
      #inPassive = false;
      #target = null;
      #dispatching = false;
      #timeStamp;
      constructor(type, options = undefined) {
        if (arguments.length === 0) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "type" argument must be specified');
        if (options !== undefined && options !== null && typeof options !== 'object') {
          throw invalidArgType('options', 'of type object', options);
        }
        const o = options || {};
        this.#type = String(type);
        this.#bubbles = !!o.bubbles;
        this.#cancelable = !!o.cancelable;
        this.#composed = !!o.composed;
        this.#trusted = o[trust] === true;
        this.#timeStamp = now();
      }
      initEvent(type, bubbles = false, cancelable = false) {
        if (this.#dispatching) return;
        this.#type = String(type);
        this.#bubbles = !!bubbles;
        this.#cancelable = !!cancelable;
      }
      stopImmediatePropagation() { this.#propagationStopped = true; this.#stopped = true; }
      preventDefault() { if (!this.#inPassive) this.#defaultPrevented = true; }
      get target() { return this.#target; }
      get currentTarget() { return this.#dispatching ? this.#target : null; }
      get srcElement() { return this.#target; }
      get type() { return this.#type; }
      get cancelable() { return this.#cancelable; }
      get defaultPrevented() { return this.#cancelable && this.#defaultPrevented; }
      get timeStamp() { return this.#timeStamp; }
      composedPath() { return this.#dispatching ? [this.#target] : []; }
      get returnValue() { return !this.defaultPrevented; }
      set returnValue(v) { if (!v) this.preventDefault(); }
      get bubbles() { return this.#bubbles; }
      get composed() { return this.#composed; }
      get eventPhase() { return this.#dispatching ? Event.AT_TARGET : Event.NONE; }
      get cancelBubble() { return this.#propagationStopped; }
      set cancelBubble(v) { if (v) this.#propagationStopped = true; }
      stopPropagation() { this.#propagationStopped = true; }
      get isTrusted() { return this.#trusted; }
      [inspectCustom](depth, options, inspect) {
        const cname = this.constructor.name;
        if (depth < 0) return cname;
        const opts = Object.assign({}, options, { depth: Number.isInteger(options.depth) ? options.depth - 1 : options.depth });
        return cname + ' ' + inspect({ type: this.#type, defaultPrevented: this.defaultPrevented, cancelable: this.#cancelable, timeStamp: this.#timeStamp }, opts);
      }
      static {
        internal = {
          isEvent: (e) => e !== null && typeof e === 'object' && #type in e,
          begin: (e, target) => {
            if (e.#dispatching) {
              throw makeError(Error, 'ERR_EVENT_RECURSION', 'The event "' + e.#type + '" is already being dispatched');
            }
            e.#target = target;
            e.#dispatching = true;
            e.#stopped = false;
          },
          end: (e) => { e.#dispatching = false; },
          stopped: (e) => e.#stopped,
          passive: (e, on) => { e.#inPassive = on; },
        };
      }
    }
    for (const [k, v] of [['NONE', 0], ['CAPTURING_PHASE', 1], ['AT_TARGET', 2], ['BUBBLING_PHASE', 3]]) {
      defineProperty(Event, k, { value: v, enumerable: true });
    }
    enumerable(Event.prototype);
    defineProperty(Event.prototype, 'isTrusted', { configurable: false });
    defineProperty(Event.prototype, Symbol.toStringTag, { value: 'Event', configurable: true });

    class CustomEvent extends Event {
      #detail;
      constructor(type, options = undefined) {
        if (arguments.length === 0) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "type" argument must be specified');
        super(type, options);
        this.#detail = options && options.detail !== undefined ? options.detail : null;
      }
      get detail() { return this.#detail; }
    }
    defineProperty(CustomEvent.prototype, Symbol.toStringTag, { value: 'CustomEvent', configurable: true });
    enumerable(CustomEvent.prototype);

    class MessageEvent extends Event {
      #data; #origin; #lastEventId; #source; #ports;
      constructor(type, options = undefined) {
        if (arguments.length === 0) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "type" argument must be specified');
        super(type, options);
        const o = options || {};
        this.#data = o.data === undefined ? null : o.data;
        this.#origin = o.origin === undefined ? '' : String(o.origin);
        this.#lastEventId = o.lastEventId === undefined ? '' : String(o.lastEventId);
        this.#source = o.source === undefined ? null : o.source;
        this.#ports = Object.freeze(o.ports === undefined ? [] : Array.from(o.ports));
      }
      get data() { return this.#data; }
      get origin() { return this.#origin; }
      get lastEventId() { return this.#lastEventId; }
      get source() { return this.#source; }
      get ports() { return this.#ports; }
      initMessageEvent(type, bubbles = false, cancelable = false, data = null, origin = '', lastEventId = '', source = null, ports = []) {
        this.initEvent(type, bubbles, cancelable);
        this.#data = data;
        this.#origin = String(origin);
        this.#lastEventId = String(lastEventId);
        this.#source = source;
        this.#ports = Object.freeze(Array.from(ports));
      }
    }
    defineProperty(MessageEvent.prototype, Symbol.toStringTag, { value: 'MessageEvent', configurable: true });
    enumerable(MessageEvent.prototype);

    class CloseEvent extends Event {
      #wasClean; #code; #reason;
      constructor(type, options = undefined) {
        if (arguments.length === 0) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "type" argument must be specified');
        super(type, options);
        const o = options || {};
        this.#wasClean = !!o.wasClean;
        this.#code = o.code === undefined ? 0 : Number(o.code) & 0xffff;
        this.#reason = o.reason === undefined ? '' : String(o.reason);
      }
      get wasClean() { return this.#wasClean; }
      get code() { return this.#code; }
      get reason() { return this.#reason; }
    }
    defineProperty(CloseEvent.prototype, Symbol.toStringTag, { value: 'CloseEvent', configurable: true });
    enumerable(CloseEvent.prototype);

    // A listener entry: a doubly linked list per type, as dispatch walks it.
    const rethrow = (err) => use('nextTick')(() => { throw err; });
    // maxListenersOf is events.getMaxListeners(target): the events module's default (10
    // while nobody loaded it, so nobody changed it) or what setMaxListeners gave target.
    const maxListenersOf = (target) => {
      const events = use('builtinCache').events;
      if (events === undefined || typeof events.kMaxEventTargetListeners !== 'symbol') return 10;
      const n = target[events.kMaxEventTargetListeners];
      return n === undefined ? events.defaultMaxListeners : n;
    };
    const warnedKey = Symbol('warned');
    let defineHandler, listenersOf; // set by EventTarget's static blocks

    class EventTarget {
      #lists = new Map(); // type -> { head: entry, size, warned }
      // The handler attributes (onabort) wrap their function in one entry kept in place.
      #handlers = new Map();
      addEventListener(type, listener, options = undefined) {
        if (arguments.length < 2) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "type" and "listener" arguments must be specified');
        const o = typeof options === 'boolean' ? { capture: options } : (options || {});
        const once = !!o.once, capture = !!o.capture, passive = !!o.passive, signal = o.signal;
        if (signal !== undefined && !(signal instanceof AbortSignal)) {
          throw invalidArgType('options.signal', 'an instance of AbortSignal', signal);
        }
        if (listener === null || listener === undefined) {
          use('process').emitWarning('addEventListener called with ' + listener + ' which has no effect.', 'AddEventListenerArgumentTypeWarning');
          return;
        }
        if (typeof listener !== 'function' && (typeof listener !== 'object' || listener === null)) {
          throw invalidArgType('listener', 'an instance of EventListener', listener);
        }
        if (signal && signal.aborted) return;
        type = String(type);
        let list = this.#lists.get(type);
        if (list === undefined) {
          list = { head: null, tail: null, size: 0 };
          this.#lists.set(type, list);
        }
        for (let e = list.head; e !== null; e = e.next) {
          if (!e.removed && e.listener === listener && e.capture === capture) return;
        }
        const entry = { listener, once, capture, passive, removed: false, prev: list.tail, next: null, type };
        if (list.tail) list.tail.next = entry; else list.head = entry;
        list.tail = entry;
        list.size++;
        const max = maxListenersOf(this);
        if (max > 0 && list.size > max && !list[warnedKey]) {
          list[warnedKey] = true;
          use('process').emitWarning('Possible EventTarget memory leak detected. ' + list.size + ' ' + type +
            ' listeners added to ' + (this.constructor.name === 'EventTarget' ? 'EventTarget' : '[' + this.constructor.name + ']') +
            '. MaxListeners is ' + max + '. Use events.setMaxListeners() to increase limit', 'MaxListenersExceededWarning');
        }
        if (signal) {
          signal.addEventListener('abort', () => this.removeEventListener(type, listener, options), { once: true });
        }
      }
      removeEventListener(type, listener, options = undefined) {
        const capture = typeof options === 'boolean' ? options : !!(options && options.capture);
        const list = this.#lists.get(String(type));
        if (list === undefined) return;
        for (let e = list.head; e !== null; e = e.next) {
          if (!e.removed && e.listener === listener && e.capture === capture) {
            unlink(list, e);
            return;
          }
        }
      }
      dispatchEvent(event) {
        if (!internal.isEvent(event)) throw invalidArgType('event', 'an instance of Event', event);
        internal.begin(event, this);
        try {
          const list = this.#lists.get(event.type);
          if (list !== undefined) {
            let e = list.head;
            while (e !== null && !internal.stopped(event)) {
              const next = e.next; // read first: a listener appended now is still reached
              if (!e.removed) {
                if (e.once) { unlink(list, e); onceRemoved(this, e.type); }
                callListener(this, e, event);
              }
              e = next;
            }
          }
        } finally {
          internal.end(event);
        }
        return !event.defaultPrevented;
      }
      [inspectCustom](depth, options, inspect) {
        const cname = this.constructor.name;
        if (depth < 0) return cname;
        return cname + ' ' + inspect({}, options);
      }
      static {
        listenersOf = (target, type) => {
          const list = target.#lists.get(String(type));
          const out = [];
          if (list !== undefined) for (let e = list.head; e !== null; e = e.next) out.push(e.listener);
          return out;
        };
      }
      // defineHandler(proto, type) makes the on<type> property of proto: setting a
      // function adds one listener, kept in place when the function is replaced.
      static {
        defineHandler = (proto, type) => defineProperty(proto, 'on' + type, {
          get() { const h = this.#handlers.get(type); return h === undefined ? null : h.fn; },
          set(fn) {
            let h = this.#handlers.get(type);
            if (typeof fn !== 'function' && (typeof fn !== 'object' || fn === null)) fn = null;
            if (h !== undefined) {
              if (fn !== null) { h.fn = fn; return; }
              this.removeEventListener(type, h.call);
              this.#handlers.delete(type);
              return;
            }
            if (fn === null) return;
            h = { fn, call: null };
            h.call = function (ev) { return typeof h.fn === 'function' ? Reflect.apply(h.fn, this, [ev]) : undefined; };
            this.#handlers.set(type, h);
            this.addEventListener(type, h.call);
          },
          enumerable: true, configurable: true,
        });
      }
    }
    defineProperty(EventTarget.prototype, Symbol.toStringTag, { value: 'EventTarget', configurable: true });
    enumerable(EventTarget.prototype);

    // kRemoveListener names a subclass's hook called with the type when a { once }
    // listener is taken off before its call (Node's EventTarget calls its kRemoveListener
    // hook there; removeEventListener is a method a subclass overrides): a MessagePort
    // unrefs itself with its last 'message' listener.
    const kRemoveListener = Symbol('kRemoveListener');
    function onceRemoved(target, type) {
      if (typeof target[kRemoveListener] === 'function') target[kRemoveListener](type);
    }

    function unlink(list, e) {
      e.removed = true;
      if (e.prev) e.prev.next = e.next; else list.head = e.next;
      if (e.next) e.next.prev = e.prev; else list.tail = e.prev;
      list.size--;
      // e.next stays: a dispatch standing on e goes on from it
    }

    function callListener(target, e, event) {
      const l = e.listener;
      let fn = l, thisArg = target;
      if (typeof l !== 'function') {
        fn = l.handleEvent;
        thisArg = l;
      }
      if (e.passive && major >= 22) internal.passive(event, true); // Node 20 ignores passive
      try {
        if (typeof fn !== 'function') return;
        const r = Reflect.apply(fn, thisArg, [event]);
        // Node marks the event as no longer dispatched after each listener: the later
        // ones see eventPhase 0 and no currentTarget, and may dispatch it again.
        internal.end(event);
        if (r !== undefined && r !== null && typeof r.then === 'function') {
          Reflect.apply(r.then, r, [undefined, rethrow]);
        }
      } catch (err) {
        rethrow(err);
      } finally {
        if (e.passive && major >= 22) internal.passive(event, false);
      }
    }

    // ---- AbortSignal and AbortController ------------------------------------------------
    let creating = false;
    const signalState = new WeakMap(); // signal -> { aborted, reason, followers, timer }

    class AbortSignal extends EventTarget {
      constructor() {
        if (!creating) throw makeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
        super();
        signalState.set(this, { aborted: false, reason: undefined, followers: [] });
      }
      get aborted() { return st(this).aborted; }
      get reason() { return st(this).reason; }
      throwIfAborted() {
        const s = st(this);
        if (s.aborted) throw s.reason;
      }
      static abort(reason = undefined) {
        const s = newSignal();
        const state = st(s);
        state.aborted = true;
        state.reason = reason === undefined ? domAbort() : reason;
        return s;
      }
      static timeout(delay) {
        validateDelay(delay);
        const s = newSignal();
        const t = use('setTimeout')(() => {
          const DOMException = use('DOMException');
          abortSignal(s, new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
        }, delay);
        t.unref();
        return s;
      }
      static any(signals) {
        if (!Array.isArray(signals)) throw invalidArgType('signals', 'an instance of Array', signals);
        signals.forEach((s, i) => {
          if (!(s instanceof AbortSignal)) throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'signals[' + i + '] is not of type AbortSignal.');
        });
        const result = newSignal();
        for (const s of signals) {
          if (s.aborted) {
            const r = st(result);
            r.aborted = true;
            r.reason = s.reason;
            return result;
          }
        }
        for (const s of signals) st(s).followers.push(result);
        return result;
      }
      [inspectCustom](depth, options, inspect) {
        return 'AbortSignal ' + inspect({ aborted: this.aborted }, options);
      }
    }
    defineProperty(AbortSignal.prototype, Symbol.toStringTag, { value: 'AbortSignal', configurable: true });
    defineProperty(AbortSignal, 'length', { value: 0 });
    defineHandler(AbortSignal.prototype, 'abort');
    enumerable(AbortSignal.prototype, ['aborted', 'onabort']);

    const st = (s) => {
      const v = signalState.get(s);
      if (v === undefined) throw makeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type AbortSignal');
      return v;
    };
    const newSignal = () => {
      creating = true;
      try { return new AbortSignal(); } finally { creating = false; }
    };
    const domAbort = () => new (use('DOMException'))('This operation was aborted', 'AbortError');
    const validateDelay = (delay) => {
      if (typeof delay !== 'number') throw invalidArgType('delay', 'of type number', delay);
      if (!Number.isInteger(delay)) {
        throw makeError(RangeError, 'ERR_OUT_OF_RANGE', 'The value of "delay" is out of range. It must be an integer. Received ' + delay);
      }
      if (delay < 0 || delay > 4294967295) {
        throw makeError(RangeError, 'ERR_OUT_OF_RANGE', 'The value of "delay" is out of range. It must be >= 0 && <= 4294967295. Received ' + delay);
      }
    };
    const fire = (s) => s.dispatchEvent(new Event('abort', { [trust]: true }));

    // abortSignal marks s aborted with reason and fires 'abort' on it and its followers.
    function abortSignal(s, reason) {
      const state = st(s);
      if (state.aborted) return;
      state.aborted = true;
      state.reason = reason;
      const followers = state.followers.splice(0).filter((f) => !f.aborted);
      if (major >= 24) {
        for (const f of followers) { const fs = st(f); fs.aborted = true; fs.reason = reason; }
        fire(s);
        for (const f of followers) fire(f);
        return;
      }
      fire(s);
      for (const f of followers) abortSignal(f, reason);
    }

    class AbortController {
      #signal = newSignal();
      get signal() { return this.#signal; }
      abort(reason = undefined) { abortSignal(this.#signal, reason === undefined ? domAbort() : reason); }
      [inspectCustom](depth, options, inspect) {
        return 'AbortController ' + inspect({ signal: this.#signal }, options);
      }
    }
    defineProperty(AbortController.prototype, Symbol.toStringTag, { value: 'AbortController', configurable: true });
    enumerable(AbortController.prototype);

    // callWithEvent calls listener with a trusted event of type as if target dispatched it
    // (target, currentTarget and eventPhase set during the call).
    const callWithEvent = (target, type, listener) => {
      const event = new Event(type, { [trust]: true });
      internal.begin(event, target);
      try {
        listener(event);
      } finally {
        internal.end(event);
      }
    };
    return { Event, CustomEvent, MessageEvent, CloseEvent, EventTarget, AbortSignal, AbortController, abortSignal, trust, listenersOf, callWithEvent, kRemoveListener };
  }
})
