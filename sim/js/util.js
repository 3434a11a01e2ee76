// util.js: node:util. format and inspect are the inspect package's (Go installs it);
// promisify/callbackify, the type checks (util.types, node:util/types), the system
// error names (Node 24's table, recorded), parseArgs, parseEnv, MIMEType, diff,
// styleText and the small helpers. isDeepStrictEqual is assert's comparison.
(function (exports, internals) {
  'use strict';
  const { host, validateFunction, makeError, invalidArgType } = internals;
  const kCustom = Symbol.for('nodejs.util.promisify.custom');
  // promisify is Node's: a function's custom form (util.promisify.custom) as it is; else a
  // function that resolves with the callback's first value, or with an object of the
  // values a built-in names (customPromisifyArgs). It has the original's properties and
  // prototype.
  function promisify(original) {
    validateFunction(original, 'original');
    const timers = internals.builtin('timers'); // Node's timer functions carry timers/promises as their custom form
    let custom = original[kCustom];
    if (original === timers.setTimeout) custom = internals.builtin('timers/promises').setTimeout;
    if (original === timers.setImmediate) custom = internals.builtin('timers/promises').setImmediate;
    if (custom) {
      validateFunction(custom, 'util.promisify.custom');
      return Object.defineProperty(custom, kCustom, { value: custom, enumerable: false, writable: false, configurable: true });
    }
    const names = original[internals.customPromisifyArgs];
    function fn(...args) {
      return new Promise((resolve, reject) => {
        args.push((err, ...values) => {
          if (err) return reject(err);
          if (names !== undefined && values.length > 1) {
            const obj = {};
            for (let i = 0; i < names.length; i++) obj[names[i]] = values[i];
            resolve(obj);
          } else {
            resolve(values[0]);
          }
        });
        Reflect.apply(original, this, args);
      });
    }
    Object.setPrototypeOf(fn, Object.getPrototypeOf(original));
    Object.defineProperty(fn, kCustom, { value: fn, enumerable: false, writable: false, configurable: true });
    const descriptors = Object.getOwnPropertyDescriptors(original);
    for (const d of Object.values(descriptors)) Object.setPrototypeOf(d, null);
    return Object.defineProperties(fn, descriptors);
  }
  promisify.custom = kCustom;
  function callbackify(fn) {
    validateFunction(fn, 'original');
    return function (...args) {
      const cb = args.pop();
      validateFunction(cb, 'last argument');
      const nextTick = internals.process.nextTick;
      Reflect.apply(fn, this, args).then((v) => nextTick(cb, null, v), (e) => {
        if (!e) e = makeError(Error, 'ERR_FALSY_VALUE_REJECTION', 'Promise was rejected with falsy value', { reason: e });
        nextTick(cb, e);
      });
    };
  }
  const major = () => Number(String(internals.process.version).slice(1).split('.')[0]);
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

  // ---- util.types ------------------------------------------------------------------------
  const tag = (v) => Object.prototype.toString.call(v).slice(8, -1);
  const isObj = (v) => v !== null && (typeof v === 'object' || typeof v === 'function');
  const tagged = (name) => (v) => isObj(v) && tag(v) === name;
  const typedNames = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float16Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'];
  const typedArrayTag = (v) => (ArrayBuffer.isView(v) && !(v instanceof DataView) ? Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get.call(v) : undefined);
  function boxedOf(C) { return (v) => { if (!isObj(v)) return false; try { C.prototype.valueOf.call(v); return true; } catch (e) { return false; } }; }
  const types = {
    isAnyArrayBuffer: (v) => tagged('ArrayBuffer')(v) || tagged('SharedArrayBuffer')(v),
    isArrayBuffer: tagged('ArrayBuffer'), isSharedArrayBuffer: tagged('SharedArrayBuffer'),
    isArgumentsObject: tagged('Arguments'),
    isArrayBufferView: (v) => ArrayBuffer.isView(v), isDataView: (v) => v instanceof DataView,
    isTypedArray: (v) => typedArrayTag(v) !== undefined,
    isAsyncFunction: (v) => typeof v === 'function' && (tag(v) === 'AsyncFunction' || tag(v) === 'AsyncGeneratorFunction'),
    isGeneratorFunction: (v) => typeof v === 'function' && (tag(v) === 'GeneratorFunction' || tag(v) === 'AsyncGeneratorFunction'),
    isGeneratorObject: (v) => isObj(v) && (tag(v) === 'Generator' || tag(v) === 'AsyncGenerator'),
    isBigIntObject: boxedOf(BigInt), isBooleanObject: boxedOf(Boolean), isNumberObject: boxedOf(Number),
    isStringObject: boxedOf(String), isSymbolObject: boxedOf(Symbol),
    isBoxedPrimitive: (v) => [BigInt, Boolean, Number, String, Symbol].some((C) => boxedOf(C)(v)),
    isDate: tagged('Date'), isRegExp: tagged('RegExp'), isMap: tagged('Map'), isSet: tagged('Set'),
    isWeakMap: tagged('WeakMap'), isWeakSet: tagged('WeakSet'), isPromise: tagged('Promise'),
    isMapIterator: tagged('Map Iterator'), isSetIterator: tagged('Set Iterator'),
    isModuleNamespaceObject: tagged('Module'),
    isNativeError: (v) => v instanceof Error, // the engine gives no other mark of an Error object
    isProxy: () => false, // a Proxy cannot be told from its target by JavaScript
    isExternal: () => false, // no native addons
    isCryptoKey: () => false, // webcrypto keys are not simulated
    isKeyObject: (v) => isObj(v) && v instanceof internals.builtin('crypto').KeyObject,
  };
  for (const n of typedNames) types['is' + n] = (v) => typedArrayTag(v) === n;

  // ---- system errors -----------------------------------------------------------------------
  const errorTable = [[-7,"E2BIG","argument list too long"],[-13,"EACCES","permission denied"],[-98,"EADDRINUSE","address already in use"],[-99,"EADDRNOTAVAIL","address not available"],[-97,"EAFNOSUPPORT","address family not supported"],[-11,"EAGAIN","resource temporarily unavailable"],[-3000,"EAI_ADDRFAMILY","address family not supported"],[-3001,"EAI_AGAIN","temporary failure"],[-3002,"EAI_BADFLAGS","bad ai_flags value"],[-3013,"EAI_BADHINTS","invalid value for hints"],[-3003,"EAI_CANCELED","request canceled"],[-3004,"EAI_FAIL","permanent failure"],[-3005,"EAI_FAMILY","ai_family not supported"],[-3006,"EAI_MEMORY","out of memory"],[-3007,"EAI_NODATA","no address"],[-3008,"EAI_NONAME","unknown node or service"],[-3009,"EAI_OVERFLOW","argument buffer overflow"],[-3014,"EAI_PROTOCOL","resolved protocol is unknown"],[-3010,"EAI_SERVICE","service not available for socket type"],[-3011,"EAI_SOCKTYPE","socket type not supported"],[-114,"EALREADY","connection already in progress"],[-9,"EBADF","bad file descriptor"],[-16,"EBUSY","resource busy or locked"],[-125,"ECANCELED","operation canceled"],[-4080,"ECHARSET","invalid Unicode character"],[-103,"ECONNABORTED","software caused connection abort"],[-111,"ECONNREFUSED","connection refused"],[-104,"ECONNRESET","connection reset by peer"],[-89,"EDESTADDRREQ","destination address required"],[-17,"EEXIST","file already exists"],[-14,"EFAULT","bad address in system call argument"],[-27,"EFBIG","file too large"],[-113,"EHOSTUNREACH","host is unreachable"],[-4,"EINTR","interrupted system call"],[-22,"EINVAL","invalid argument"],[-5,"EIO","i/o error"],[-106,"EISCONN","socket is already connected"],[-21,"EISDIR","illegal operation on a directory"],[-40,"ELOOP","too many symbolic links encountered"],[-24,"EMFILE","too many open files"],[-90,"EMSGSIZE","message too long"],[-36,"ENAMETOOLONG","name too long"],[-100,"ENETDOWN","network is down"],[-101,"ENETUNREACH","network is unreachable"],[-23,"ENFILE","file table overflow"],[-105,"ENOBUFS","no buffer space available"],[-19,"ENODEV","no such device"],[-2,"ENOENT","no such file or directory"],[-12,"ENOMEM","not enough memory"],[-64,"ENONET","machine is not on the network"],[-92,"ENOPROTOOPT","protocol not available"],[-28,"ENOSPC","no space left on device"],[-38,"ENOSYS","function not implemented"],[-107,"ENOTCONN","socket is not connected"],[-20,"ENOTDIR","not a directory"],[-39,"ENOTEMPTY","directory not empty"],[-88,"ENOTSOCK","socket operation on non-socket"],[-95,"ENOTSUP","operation not supported on socket"],[-75,"EOVERFLOW","value too large for defined data type"],[-1,"EPERM","operation not permitted"],[-32,"EPIPE","broken pipe"],[-71,"EPROTO","protocol error"],[-93,"EPROTONOSUPPORT","protocol not supported"],[-91,"EPROTOTYPE","protocol wrong type for socket"],[-34,"ERANGE","result too large"],[-30,"EROFS","read-only file system"],[-108,"ESHUTDOWN","cannot send after transport endpoint shutdown"],[-29,"ESPIPE","invalid seek"],[-3,"ESRCH","no such process"],[-110,"ETIMEDOUT","connection timed out"],[-26,"ETXTBSY","text file is busy"],[-18,"EXDEV","cross-device link not permitted"],[-4094,"UNKNOWN","unknown error"],[-4095,"EOF","end of file"],[-6,"ENXIO","no such device or address"],[-31,"EMLINK","too many links"],[-112,"EHOSTDOWN","host is down"],[-121,"EREMOTEIO","remote I/O error"],[-25,"ENOTTY","inappropriate ioctl for device"],[-4028,"EFTYPE","inappropriate file type or format"],[-84,"EILSEQ","illegal byte sequence"],[-94,"ESOCKTNOSUPPORT","socket type not supported"],[-61,"ENODATA","no data available"],[-49,"EUNATCH","protocol driver not attached"],[-8,"ENOEXEC","exec format error"]];
  let errorMap = null;
  function getSystemErrorMap() {
    if (!errorMap) errorMap = new Map(errorTable.map(([n, code, text]) => [n, [code, text]]));
    return errorMap;
  }
  function checkErrno(err) {
    if (typeof err !== 'number') throw invalidArgType('err', 'of type number', err);
    if (err >= 0 || !Number.isSafeInteger(err)) throw makeError(RangeError, 'ERR_OUT_OF_RANGE', 'The value of "err" is out of range. It must be a negative integer. Received ' + err);
  }
  function getSystemErrorName(err) { checkErrno(err); const e = getSystemErrorMap().get(err); return e ? e[0] : 'Unknown system error ' + err; }
  function getSystemErrorMessage(err) { checkErrno(err); const e = getSystemErrorMap().get(err); return e ? e[1] : 'Unknown system error ' + err; }
  function _errnoException(err, syscall, original) {
    const code = getSystemErrorName(err);
    const e = new Error(syscall + ' ' + code + (original ? ' ' + original : ''));
    Object.assign(e, { errno: err, code, syscall });
    return e;
  }
  function _exceptionWithHostPort(err, syscall, address, port, additional) {
    const code = getSystemErrorName(err);
    let details = port > 0 ? address + ':' + port : address;
    if (additional) details += ' - Local (' + additional + ')';
    const e = new Error(syscall + ' ' + code + (details ? ' ' + details : ''));
    Object.assign(e, { errno: err, code, syscall, address });
    if (port) e.port = port;
    return e;
  }

  // ---- parseArgs -----------------------------------------------------------------------------
  // parseArgs is Node's (lib/internal/util/parse_args): the arguments become tokens
  // (options with their values, positionals, the '--' terminator), then the tokens
  // values and positionals, checked in strict mode, then the defaults fill in.
  function parseArgs(config = {}) {
    const own = (o, k) => (o != null && Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined);
    const args = own(config, 'args') ?? internals.process.argv.slice(2);
    const strict = own(config, 'strict') ?? true;
    const allowPositionals = own(config, 'allowPositionals') ?? !strict;
    const returnTokens = own(config, 'tokens') ?? false;
    const allowNegative = own(config, 'allowNegative') ?? false;
    const options = own(config, 'options') ?? { __proto__: null };
    if (!Array.isArray(args)) throw invalidArgType('args', 'an instance of Array', args);
    for (const [name, v] of [['strict', strict], ['allowPositionals', allowPositionals], ['tokens', returnTokens], ['allowNegative', allowNegative]]) {
      if (typeof v !== 'boolean') throw invalidArgType(name, 'of type boolean', v);
    }
    if (options === null || typeof options !== 'object' || Array.isArray(options)) throw invalidArgType('options', 'of type object', options);
    for (const [name, o] of Object.entries(options)) {
      if (o === null || typeof o !== 'object' || Array.isArray(o)) throw invalidArgType('options.' + name, 'of type object', o);
      const type = own(o, 'type');
      if (type !== 'string' && type !== 'boolean') throw invalidArgType('options.' + name + '.type', "('string|boolean')", type);
      if (Object.prototype.hasOwnProperty.call(o, 'short')) {
        if (typeof o.short !== 'string') throw invalidArgType('options.' + name + '.short', 'of type string', o.short);
        if (o.short.length !== 1) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The property 'options." + name + ".short' must be a single character. Received " + internals.inspect(o.short));
      }
    }
    const optionOf = (name, key) => own(own(options, name), key);
    const longFor = (short) => {
      for (const [name, o] of Object.entries(options)) if (own(o, 'short') === short) return name;
      return short;
    };
    const isShort = (a) => a.length > 1 && a[0] === '-' && a[1] !== '-';

    // Phase 1: the tokens, each with the index of the argument it comes from.
    const tokens = [];
    const rest = args.slice();
    let index = -1, grouped = 0;
    while (rest.length > 0) {
      const arg = rest.shift();
      const next = rest[0];
      if (grouped > 0) grouped--; else index++;
      if (arg === '--') {
        tokens.push({ kind: 'option-terminator', index });
        for (const value of rest) tokens.push({ kind: 'positional', index: ++index, value });
        break;
      }
      if (isShort(arg) && arg.length === 2) { // -f, or -f VALUE for a string option
        const name = longFor(arg[1]);
        let value, inlineValue;
        if (optionOf(name, 'type') === 'string' && next != null) { value = rest.shift(); inlineValue = false; }
        tokens.push({ kind: 'option', name, rawName: arg, index, value, inlineValue });
        if (value != null) ++index;
        continue;
      }
      if (isShort(arg) && optionOf(longFor(arg[1]), 'type') !== 'string') { // -abc is -a -b -c (-abfFILE is -a -b -fFILE)
        const expanded = [];
        for (let i = 1; i < arg.length; i++) {
          if (optionOf(longFor(arg[i]), 'type') !== 'string' || i === arg.length - 1) expanded.push('-' + arg[i]);
          else { expanded.push('-' + arg.slice(i)); break; }
        }
        rest.unshift(...expanded);
        grouped = expanded.length;
        continue;
      }
      if (isShort(arg)) { // -fVALUE
        tokens.push({ kind: 'option', name: longFor(arg[1]), rawName: '-' + arg[1], index, value: arg.slice(2), inlineValue: true });
        continue;
      }
      if (arg.length > 2 && arg.startsWith('--') && !arg.includes('=', 3)) { // --foo, or --foo VALUE
        const name = arg.slice(2);
        let value, inlineValue;
        if (optionOf(name, 'type') === 'string' && next != null) { value = rest.shift(); inlineValue = false; }
        tokens.push({ kind: 'option', name, rawName: arg, index, value, inlineValue });
        if (value != null) ++index;
        continue;
      }
      if (arg.length > 2 && arg.startsWith('--')) { // --foo=VALUE
        const eq = arg.indexOf('=');
        const name = arg.slice(2, eq);
        tokens.push({ kind: 'option', name, rawName: '--' + name, index, value: arg.slice(eq + 1), inlineValue: true });
        continue;
      }
      tokens.push({ kind: 'positional', index, value: arg });
    }

    // Phase 2: values and positionals.
    const result = { values: { __proto__: null }, positionals: [] };
    if (returnTokens) result.tokens = tokens;
    const invalidValue = (msg) => makeError(TypeError, 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE', msg);
    for (const token of tokens) {
      if (token.kind === 'positional') {
        if (!allowPositionals) throw makeError(TypeError, 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL', "Unexpected argument '" + token.value + "'. This command does not take positional arguments");
        result.positionals.push(token.value);
        continue;
      }
      if (token.kind !== 'option') continue;
      if (strict) {
        let name = token.name;
        const unknown = () => makeError(TypeError, 'ERR_PARSE_ARGS_UNKNOWN_OPTION', "Unknown option '" + token.rawName + "'" +
          (allowPositionals ? ". To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- " + JSON.stringify(token.rawName) : ''));
        if (!Object.prototype.hasOwnProperty.call(options, name)) {
          if (!(allowNegative && name.startsWith('no-'))) throw unknown();
          name = name.slice(3);
          if (!Object.prototype.hasOwnProperty.call(options, name) || optionOf(name, 'type') !== 'boolean') throw unknown();
        }
        const short = optionOf(name, 'short');
        const shown = (short ? '-' + short + ', ' : '') + '--' + name;
        if (optionOf(name, 'type') === 'string' && typeof token.value !== 'string') throw invalidValue("Option '" + shown + " <value>' argument missing");
        if (optionOf(name, 'type') === 'boolean' && token.value != null) throw invalidValue("Option '" + shown + "' does not take an argument");
        if (!token.inlineValue && token.value != null && token.value.length > 1 && token.value[0] === '-') {
          const example = token.rawName.startsWith('--') ? "'" + token.rawName + "=-XYZ'" : "'--" + token.name + "=-XYZ' or '" + token.rawName + "-XYZ'";
          throw invalidValue("Option '" + token.rawName + "' argument is ambiguous.\nDid you forget to specify the option argument for '" + token.rawName + "'?\nTo specify an option argument starting with a dash use " + example + '.');
        }
      }
      let name = token.name, value = token.value;
      if (name === '__proto__') continue;
      if (allowNegative && name.startsWith('no-') && value === undefined) { name = name.slice(3); token.name = name; value = false; }
      const stored = value ?? true;
      if (optionOf(name, 'multiple')) {
        if (result.values[name]) result.values[name].push(stored); else result.values[name] = [stored];
      } else {
        result.values[name] = stored;
      }
    }

    // Phase 3: the defaults of the options not given.
    for (const [name, o] of Object.entries(options)) {
      if (name !== '__proto__' && own(o, 'default') !== undefined && result.values[name] === undefined) result.values[name] = own(o, 'default');
    }
    return result;
  }

  // parseEnv: the KEY=value lines of a .env text (quotes removed, # comments ignored).
  function parseEnv(content) {
    if (typeof content !== 'string') throw invalidArgType('content', 'of type string', content);
    const out = major() >= 25 ? { __proto__: null } : {}; // a null-prototype object since Node 25
    const re = /^\s*(?:export\s+)?([\w.-]+)\s*=\s*("(?:\\.|[^"])*"|'[^']*'|`[^`]*`|[^\n#]*)/gm;
    for (let m = re.exec(content); m; m = re.exec(content)) {
      let v = m[2].trim();
      const q = v[0];
      if ((q === '"' || q === "'" || q === '`') && v.endsWith(q)) { v = v.slice(1, -1); if (q === '"') v = v.replace(/\\n/g, '\n'); }
      out[m[1]] = v;
    }
    return out;
  }

  // ---- MIMEType ----------------------------------------------------------------------------
  class MIMEParams {
    #map = new Map();
    get(k) { return this.#map.has(k) ? this.#map.get(k) : null; }
    has(k) { return this.#map.has(k); }
    set(k, v) { this.#map.set(String(k), String(v)); }
    delete(k) { this.#map.delete(k); }
    keys() { return this.#map.keys(); }
    values() { return this.#map.values(); }
    entries() { return this.#map.entries(); }
    [Symbol.iterator]() { return this.#map.entries(); }
    toString() { return [...this.#map].map(([k, v]) => k + '=' + (/^[\w!#$%&'*+.^`|~-]+$/.test(v) ? v : '"' + v.replace(/["\\]/g, '\\$&') + '"')).join(';'); }
    toJSON() { return this.toString(); }
  }
  class MIMEType {
    #type; #subtype; #params = new MIMEParams();
    constructor(input) {
      const s = String(input).trim();
      const m = /^([^\s/;]+)\/([^\s;]+)\s*(;.*)?$/.exec(s);
      if (!m) throw makeError(TypeError, 'ERR_INVALID_MIME_SYNTAX', 'The MIME syntax for a type in "' + s + '" is invalid at ' + (s.indexOf('/') < 0 ? s.length : s.indexOf('/')));
      this.#type = m[1].toLowerCase(); this.#subtype = m[2].toLowerCase();
      for (const part of (m[3] || '').split(';').slice(1)) {
        const eq = part.indexOf('=');
        if (eq < 0) continue;
        const k = part.slice(0, eq).trim().toLowerCase();
        let v = part.slice(eq + 1).trim();
        if (v.startsWith('"')) v = v.slice(1, v.endsWith('"') ? -1 : undefined).replace(/\\(.)/g, '$1');
        if (k && !this.#params.has(k)) this.#params.set(k, v);
      }
    }
    get type() { return this.#type; }
    set type(v) { this.#type = String(v).toLowerCase(); }
    get subtype() { return this.#subtype; }
    set subtype(v) { this.#subtype = String(v).toLowerCase(); }
    get essence() { return this.#type + '/' + this.#subtype; }
    get params() { return this.#params; }
    toString() { const p = this.#params.toString(); return this.essence + (p ? ';' + p : ''); }
    toJSON() { return this.toString(); }
  }

  // diff(actual, expected): the edit script between two strings or arrays of strings, as
  // [op, value] pairs (0 kept, 1 only in actual, -1 only in expected).
  function diff(actual, expected) {
    const check = (v, name) => {
      if (typeof v === 'string') return;
      if (!Array.isArray(v)) throw invalidArgType(name, 'of type string or an instance of Array', v);
      v.forEach((x, i) => { if (typeof x !== 'string') throw invalidArgType(name + '[' + i + ']', 'of type string', x); });
    };
    check(actual, 'actual'); check(expected, 'expected');
    const a = [...actual], b = [...expected];
    const lcs = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0));
    for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    const out = [];
    let i = 0, j = 0;
    while (i < a.length || j < b.length) {
      if (i < a.length && j < b.length && a[i] === b[j]) { out.push([0, a[i]]); i++; j++; }
      else if (j >= b.length || (i < a.length && lcs[i + 1][j] >= lcs[i][j + 1])) out.push([1, a[i++]]);
      else out.push([-1, b[j++]]);
    }
    return out;
  }

  // styleText: ANSI styles; since Node 22 the text is left plain when the stream (stdout)
  // is not a terminal, and a simulated run's stdout never is.
  const styles = {
    reset: [0, 0], bold: [1, 22], dim: [2, 22], italic: [3, 23], underline: [4, 24], blink: [5, 25], inverse: [7, 27], hidden: [8, 28], strikethrough: [9, 29],
    doubleunderline: [21, 24], black: [30, 39], red: [31, 39], green: [32, 39], yellow: [33, 39], blue: [34, 39], magenta: [35, 39], cyan: [36, 39], white: [37, 39],
    gray: [90, 39], grey: [90, 39], bgBlack: [40, 49], bgRed: [41, 49], bgGreen: [42, 49], bgYellow: [43, 49], bgBlue: [44, 49], bgMagenta: [45, 49], bgCyan: [46, 49], bgWhite: [47, 49],
  };
  function styleText(format, text, options) {
    if (typeof text !== 'string') throw invalidArgType('text', 'of type string', text);
    const list = Array.isArray(format) ? format : [format];
    for (const f of list) if (!styles[f]) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'format' must be one of: " + Object.keys(styles).map((k) => "'" + k + "'").join(', ') + '. Received ' + inspect(f));
    if (major() >= 22 && !(options && options.validateStream === false)) return text;
    let out = text;
    for (const f of list.slice().reverse()) out = '\u001b[' + styles[f][0] + 'm' + out + '\u001b[' + styles[f][1] + 'm';
    return out;
  }
  const stripVTControlCharacters = (s) => {
    if (typeof s !== 'string') throw invalidArgType('str', 'of type string', s);
    return s.replace(/[\u001B\u009B][[\]()#;?]*(?:(?:(?:(?:;[-a-zA-Z\d/#&.:=?%@~_]+)*|[a-zA-Z\d]+(?:;[-a-zA-Z\d/#&.:=?%@~_]*)*)?\u0007)|(?:(?:\d{1,4}(?:;\d{0,4})*)?[\dA-PR-TZcf-ntqry=><~]))/g, '');
  };
  const toUSVString = (s) => String(s).replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

  // deprecate: the first call of the wrapped function emits a DeprecationWarning (once
  // per code).
  const warnedCodes = new Set();
  function deprecate(fn, msg, code) {
    validateFunction(fn, 'fn');
    let warned = false;
    const wrapper = function (...args) {
      if (!warned && !(code && warnedCodes.has(code))) {
        warned = true;
        if (code) warnedCodes.add(code);
        internals.process.emitWarning(msg, 'DeprecationWarning', code);
      }
      return new.target ? Reflect.construct(fn, args, new.target) : Reflect.apply(fn, this, args);
    };
    Object.setPrototypeOf(wrapper, fn);
    if (fn.prototype) wrapper.prototype = fn.prototype;
    return wrapper;
  }
  // debuglog(section): logs to stderr when NODE_DEBUG names the section (never, here:
  // a simulated run's environment has no NODE_DEBUG), with .enabled.
  function debuglog(section, cb) {
    const enabled = new RegExp('^(' + String(internals.process.env.NODE_DEBUG || '').replace(/[|\\{}()[\]^$+?.]/g, '\\$&').replace(/\*/g, '.*').replace(/,/g, '$|^') + ')$', 'i').test(section) && !!internals.process.env.NODE_DEBUG;
    const log = function (...args) { if (enabled) internals.process.stderr.write(section.toUpperCase() + ' ' + internals.process.pid + ': ' + inspector.format(...args) + '\n'); };
    Object.defineProperty(log, 'enabled', { get: () => enabled, enumerable: true });
    if (typeof cb === 'function') cb(log);
    return log;
  }
  // aborted(signal, resource): resolves when the signal aborts.
  function aborted(signal, resource) {
    if (signal === null || typeof signal !== 'object' || !('aborted' in signal)) throw invalidArgType('signal', 'an instance of AbortSignal', signal);
    if (resource === null || (typeof resource !== 'object' && typeof resource !== 'function')) throw invalidArgType('resource', 'an object', resource);
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  }
  const signals = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGILL: 4, SIGTRAP: 5, SIGABRT: 6, SIGBUS: 7, SIGFPE: 8, SIGKILL: 9, SIGUSR1: 10, SIGSEGV: 11, SIGUSR2: 12, SIGPIPE: 13, SIGALRM: 14, SIGTERM: 15 };
  function convertProcessSignalToExitCode(signal) {
    if (!(signal in signals)) throw makeError(TypeError, 'ERR_UNKNOWN_SIGNAL', 'Unknown signal: ' + signal);
    return 128 + signals[signal];
  }

  Object.assign(exports, {
    format: inspector.format, formatWithOptions: inspector.formatWithOptions, inspect, promisify, callbackify,
    inherits(ctor, superCtor) {
      if (typeof ctor !== 'function') throw invalidArgType('ctor', 'of type function', ctor);
      if (typeof superCtor !== 'function') throw invalidArgType('superCtor', 'of type function', superCtor);
      if (superCtor.prototype === undefined) throw invalidArgType('superCtor.prototype', 'of type object', superCtor.prototype);
      Object.defineProperty(ctor, 'super_', { value: superCtor, writable: true, configurable: true });
      Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
    },
    isDeepStrictEqual(a, b) {
      try { internals.builtin('assert').deepStrictEqual(a, b); return true; } catch (e) { return false; }
    },
    deprecate, debuglog, debug: debuglog, types, TextEncoder, TextDecoder, MIMEType, MIMEParams,
    getSystemErrorMap, getSystemErrorName, getSystemErrorMessage, _errnoException, _exceptionWithHostPort,
    parseArgs, parseEnv, diff, styleText, stripVTControlCharacters, toUSVString, aborted, convertProcessSignalToExitCode,
    setTraceSigInt() {},
    isArray: deprecate((v) => Array.isArray(v), 'The `util.isArray` API is deprecated. Please use `Array.isArray()` instead.', 'DEP0044'),
    _extend: deprecate((target, source) => (source && typeof source === 'object' ? Object.assign(target, source) : target), 'The `util._extend` API is deprecated. Please use Object.assign() instead.', 'DEP0060'),
    transferableAbortController: () => new AbortController(),
    transferableAbortSignal: (signal) => signal,
  });
})
