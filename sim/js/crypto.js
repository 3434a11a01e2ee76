// crypto.js: digests and HMAC (on the main thread), the thread-pool key derivations
// (pbkdf2, scrypt, hkdf: R-P4) and their Sync forms, seeded random numbers, secret
// KeyObjects, primes, AES ciphers (CBC, ECB, CTR, GCM), and webcrypto's getRandomValues,
// randomUUID and subtle.digest; key pairs (RSA, Ed25519, X25519, EC) and key agreement
// (ECDH, DiffieHellman, the MODP groups, diffieHellman over KeyObjects).
// pbkdf2 costs iterations x Costs.PBKDF2PerIterationNS (1e6 sha256 iterations = 100 ms
// by default). Other ciphers, signatures and key pairs are refused (registry.go).
(function (exports, internals) {
  'use strict';
  const { host, invalidArgType, makeError, outOfRange, validateFunction } = internals;
  const { Buffer } = internals.builtin('buffer');
  const { Transform, Writable } = internals.builtin('stream');

  function bytes(v, name, enc) {
    if (typeof v === 'string') return Buffer.from(v, enc);
    if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return v;
    if (v instanceof KeyObject) return v.export();
    throw invalidArgType(name, 'of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView', v);
  }
  const toBuffer = (v) => (v instanceof ArrayBuffer ? Buffer.from(v) : Buffer.from(v.buffer, v.byteOffset, v.byteLength));
  const invalidDigest = (digest) => makeError(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', 'Invalid digest: ' + digest);
  const major = internals.nodeMajor;
  // Node's validateInt32 and validateUint32 (lib/internal/validators.js), which bound the
  // sizes a program asks for before any work or memory is spent on them.
  function integer(v, name, min, max) {
    if (typeof v !== 'number') throw invalidArgType(name, 'of type number', v);
    if (!Number.isInteger(v)) throw outOfRange(name, 'an integer', v);
    if (v < min || v > max) throw outOfRange(name, '>= ' + min + ' && <= ' + max, v);
    return v;
  }
  const kMaxInt32 = 2 ** 31 - 1;
  const kMaxUint32 = 2 ** 32 - 1;
  const { kMaxLength } = internals.builtin('buffer');
  // oldKeySize is Node 10's bound of a key length: where it allocated the key, past its
  // kMaxLength, Buffer.alloc's ERR_INVALID_OPT_VALUE on "size".
  function oldKeySize(keylen) {
    if (typeof keylen === 'number' && !(keylen >= 0 && keylen <= kMaxLength)) throw makeError(RangeError, 'ERR_INVALID_OPT_VALUE', 'The value "' + String(keylen) + '" is invalid for option "size"');
  }

  // ---- key derivation on the pool --------------------------------------------------------
  function pbkdf2Cost(iterations) { return Math.max(1, Math.round(iterations * host.cost('pbkdf2ns') / 1000)); }
  function derive(password, salt, iterations, keylen, digest) {
    const out = host.pbkdf2(bytes(password, 'password'), bytes(salt, 'salt'), iterations, keylen, digest);
    if (out === undefined) throw invalidDigest(digest);
    return Buffer.from(out);
  }

  // checkPbkdf2 bounds iterations and keylen as Node does (from Node 12; Node 10 checks
  // keylen as a uint32, then finds one past its kMaxLength where it allocates the key).
  function checkPbkdf2(iterations, keylen) {
    if (major < 12) {
      if (typeof keylen === 'number' && !(keylen >= 0 && keylen < 2 ** 32)) throw outOfRange('keylen', '>= 0 && < 4294967296', keylen);
      oldKeySize(keylen);
      return;
    }
    integer(iterations, 'iterations', 1, kMaxInt32);
    integer(keylen, 'keylen', 0, kMaxInt32);
  }
  function pbkdf2(password, salt, iterations, keylen, digest, callback) {
    validateFunction(callback, 'callback');
    bytes(password, 'password'); bytes(salt, 'salt');
    checkPbkdf2(iterations, keylen);
    host.poolJob('crypto.pbkdf2 (' + iterations + ' iterations)', pbkdf2Cost(iterations), false, () => {
      let key;
      try { key = derive(password, salt, iterations, keylen, digest); } catch (e) { callback(e); return; }
      callback(null, key);
    });
  }
  function pbkdf2Sync(password, salt, iterations, keylen, digest) {
    checkPbkdf2(iterations, keylen);
    host.cpu(pbkdf2Cost(iterations));
    return derive(password, salt, iterations, keylen, digest);
  }
  function scryptCost(options) { const n = (options && (options.N || options.cost)) || 16384; return Math.round(host.cost('scrypt') * n / 16384); }
  // checkScrypt bounds keylen and the cost parameters as Node does: N a power of two
  // above 1, and the memory OpenSSL's scrypt takes (128 r (N + 2) + 128 r p bytes) within
  // maxmem (32 MiB by default).
  function checkScrypt(keylen, options) {
    if (major < 12) oldKeySize(keylen); else integer(keylen, 'keylen', 0, kMaxInt32);
    const o = options || {};
    const N = o.N || o.cost || 16384, r = o.r || o.blockSize || 8, p = o.p || o.parallelization || 1;
    const maxmem = o.maxmem || 32 << 20;
    if (!(N > 1) || (N & (N - 1)) !== 0) {
      throw major < 12 ? makeError(Error, 'ERR_CRYPTO_SCRYPT_INVALID_PARAMETER', 'Invalid scrypt parameter') : makeError(RangeError, 'ERR_CRYPTO_INVALID_SCRYPT_PARAMS', 'Invalid scrypt params');
    }
    if (128 * r * (N + 2) + 128 * r * p > maxmem) {
      if (major < 12) throw new Error('error:060B50AC:digital envelope routines:EVP_PBE_scrypt:memory limit exceeded');
      throw makeError(RangeError, 'ERR_CRYPTO_INVALID_SCRYPT_PARAMS', 'Invalid scrypt params: error:030000AC:digital envelope routines::memory limit exceeded');
    }
  }
  function scrypt(password, salt, keylen, options, callback) {
    if (typeof options === 'function') { callback = options; options = undefined; }
    validateFunction(callback, 'callback');
    checkScrypt(keylen, options);
    host.poolJob('crypto.scrypt', scryptCost(options), false, () => {
      callback(null, Buffer.from(host.scrypt(bytes(password, 'password'), bytes(salt, 'salt'), keylen, (options && (options.N || options.cost)) || 16384)));
    });
  }
  function scryptSync(password, salt, keylen, options) {
    checkScrypt(keylen, options);
    host.cpu(scryptCost(options));
    return Buffer.from(host.scrypt(bytes(password, 'password'), bytes(salt, 'salt'), keylen, (options && (options.N || options.cost)) || 16384));
  }
  // hkdf: one pool job (a random-fill's cost: HKDF is a few HMACs); the key is an
  // ArrayBuffer, as Node gives it.
  function hkdfKey(digest, ikm, salt, info, keylen) {
    const size = host.hash(String(digest), '');
    if (size === undefined) throw invalidDigest(digest);
    if (keylen > 255 * size.byteLength) throw makeError(RangeError, 'ERR_CRYPTO_INVALID_KEYLEN', 'Invalid key length');
    const out = host.hkdf(String(digest), bytes(ikm, 'ikm'), bytes(salt, 'salt'), bytes(info, 'info'), keylen);
    if (out === undefined) throw invalidDigest(digest);
    return out;
  }
  // checkHkdf bounds info and keylen as Node does (info at most 1024 bytes).
  function checkHkdf(info, keylen) {
    const n = toBuffer(typeof info === 'string' ? Buffer.from(info) : bytes(info, 'info')).byteLength;
    if (n > 1024) throw outOfRange('info', 'must not contain more than 1024 bytes', n);
    integer(keylen, 'length', 0, kMaxLength);
  }
  function hkdf(digest, ikm, salt, info, keylen, callback) {
    validateFunction(callback, 'callback');
    bytes(ikm, 'ikm'); bytes(salt, 'salt'); bytes(info, 'info');
    checkHkdf(info, keylen);
    if (host.hash(String(digest), '') === undefined) throw invalidDigest(digest);
    host.poolJob('crypto.hkdf', host.cost('random'), false, () => {
      let key;
      try { key = hkdfKey(digest, ikm, salt, info, keylen); } catch (e) { callback(e); return; }
      callback(null, key);
    });
  }
  function hkdfSync(digest, ikm, salt, info, keylen) { checkHkdf(info, keylen); return hkdfKey(digest, ikm, salt, info, keylen); }

  // ---- random numbers (seeded: the same run gives the same bytes) ---------------------
  // assertSize and assertOffset are Node's (lib/internal/crypto/random.js): sizes within
  // the int32 range and the buffer filled.
  function assertSize(size, offset, length) {
    if (typeof size !== 'number') throw invalidArgType('size', 'of type number', size);
    if (Number.isNaN(size) || size > kMaxInt32 || size < 0) throw outOfRange('size', '>= 0 && <= ' + kMaxInt32, size);
    if (size + offset > length) throw outOfRange('size + offset', '<= ' + length, size + offset);
    return size >>> 0;
  }
  function assertOffset(offset, length) {
    if (typeof offset !== 'number') throw invalidArgType('offset', 'of type number', offset);
    const max = Math.min(length, kMaxInt32);
    if (Number.isNaN(offset) || offset > max || offset < 0) throw outOfRange('offset', '>= 0 && <= ' + max, offset);
    return offset >>> 0;
  }
  function randomBytes(size, callback) {
    size = assertSize(size, 0, Infinity);
    if (callback === undefined) return Buffer.from(host.randomBytes(size));
    validateFunction(callback, 'callback');
    host.poolJob('crypto.randomBytes', host.cost('random'), false, () => callback(null, Buffer.from(host.randomBytes(size))));
  }
  function fill(buf, offset = 0, size) {
    const view = toBuffer(buf);
    offset = assertOffset(offset, view.length);
    size = size === undefined ? view.length - offset : assertSize(size, offset, view.length);
    view.set(Buffer.from(host.randomBytes(size)), offset);
    return buf;
  }
  function randomFill(buf, ...rest) {
    const callback = rest.pop();
    validateFunction(callback, 'callback');
    host.poolJob('crypto.randomFill', host.cost('random'), false, () => { fill(buf, ...rest); callback(null, buf); });
  }
  function randomFillSync(buf, offset, size) { return fill(buf, offset, size); }
  // randomInt draws from a cache of random bytes as Node's does: an asynchronous draw
  // with the cache empty first refills it on the pool (one job for 1024 draws); the
  // others call back from process.nextTick, with undefined as the error.
  let asyncDraws = 0;
  const waiting = [];
  function randomInt(min, max, callback) {
    if (max === undefined || typeof max === 'function') { callback = max; max = min; min = 0; }
    if (callback !== undefined) validateFunction(callback, 'callback');
    if (!Number.isSafeInteger(min)) throw invalidArgType('min', 'a safe integer', min);
    if (!Number.isSafeInteger(max)) throw invalidArgType('max', 'a safe integer', max);
    if (max <= min) throw outOfRange('max', 'greater than the value of "min" (' + min + ')', max);
    const draw = () => min + Math.floor(new DataView(host.randomBytes(6)).getUint32(0) / 2 ** 32 * (max - min));
    if (callback === undefined) return draw();
    if (asyncDraws > 0) { asyncDraws--; internals.process.nextTick(callback, undefined, draw()); return undefined; }
    waiting.push(() => callback(undefined, draw()));
    if (waiting.length === 1) {
      host.poolJob('crypto.randomInt (cache refill)', host.cost('random'), false, () => {
        asyncDraws = 1024;
        for (const cb of waiting.splice(0)) { asyncDraws--; cb(); }
      });
    }
    return undefined;
  }
  function uuidFrom(b, version) {
    b[6] = (b[6] & 0x0f) | (version << 4); b[8] = (b[8] & 0x3f) | 0x80;
    const h = b.toString('hex');
    return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
  }
  function randomUUID() { return uuidFrom(Buffer.from(host.randomBytes(16)), 4); }
  // randomUUIDv7: the first 48 bits are the (virtual) Unix time in ms.
  function randomUUIDv7() {
    const b = Buffer.from(host.randomBytes(16));
    let ms = Date.now();
    for (let i = 5; i >= 0; i--) { b[i] = ms % 256; ms = Math.floor(ms / 256); }
    return uuidFrom(b, 7);
  }
  function getRandomValues(array) {
    if (!ArrayBuffer.isView(array) || array instanceof Float32Array || array instanceof Float64Array || array instanceof DataView) {
      throw makeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "typedArray" argument must be an instance of Int8Array, Int16Array, Int32Array, Uint8Array, Uint16Array, Uint32Array, or Uint8ClampedArray.');
    }
    return fill(array);
  }

  // ---- digests and HMAC: computed when digest() is called --------------------------------
  const kState = Symbol('state');
  const kDigest = Symbol('digest');
  class Hash {
    constructor(algorithm, options) {
      if (typeof algorithm !== 'string') throw invalidArgType('algorithm', 'of type string', algorithm);
      if (host.hash(algorithm, '') === undefined) throw new Error('Digest method not supported');
      if (options && options.outputLength !== undefined && major >= 12) integer(options.outputLength, 'options.outputLength', 0, kMaxUint32);
      this[kState] = { algorithm, chunks: [], done: false, length: options && options.outputLength };
      this._options = options;
    }
    update(data, encoding) {
      const s = this[kState];
      if (s.done) throw makeError(Error, 'ERR_CRYPTO_HASH_FINALIZED', 'Digest already called');
      s.chunks.push(Buffer.from(bytes(data, 'data', encoding)));
      return this;
    }
    digest(encoding) {
      const s = this[kState];
      if (s.done) throw makeError(Error, 'ERR_CRYPTO_HASH_FINALIZED', 'Digest already called');
      s.done = true;
      const d = this[kDigest]();
      return encoding && encoding !== 'buffer' ? d.toString(encoding) : d;
    }
    // The native digest, made once: what the stream side pushes at its end, and what
    // digest() gives after that (Node's handle keeps it).
    [kDigest]() {
      const s = this[kState];
      if (!s.digest) s.digest = Buffer.from(host.hash(s.algorithm, Buffer.concat(s.chunks), s.length));
      return Buffer.from(s.digest);
    }
    copy(options) {
      const s = this[kState];
      if (s.done) throw makeError(Error, 'ERR_CRYPTO_HASH_FINALIZED', 'Digest already called');
      const c = new Hash(s.algorithm, options || { outputLength: s.length });
      c[kState].chunks = s.chunks.slice();
      return c;
    }
  }
  class Hmac {
    constructor(hmac, key, options) {
      if (typeof hmac !== 'string') throw invalidArgType('hmac', 'of type string', hmac);
      if (host.hash(hmac, '') === undefined) throw makeError(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', 'Invalid digest: ' + hmac);
      this[kState] = { algorithm: hmac, key: Buffer.from(bytes(key, 'key', options && options.encoding)), chunks: [], done: false };
      this._options = options;
    }
    update(data, encoding) {
      const s = this[kState];
      if (s.done) throw makeError(Error, 'ERR_CRYPTO_HASH_FINALIZED', 'Digest already called');
      s.chunks.push(Buffer.from(bytes(data, 'data', encoding)));
      return this;
    }
    // digest: a second call gives an empty result, as Node's does (also after the stream
    // side pushed the digest: the native context is gone).
    digest(encoding) {
      const s = this[kState];
      const d = s.done ? Buffer.alloc(0) : this[kDigest]();
      s.done = true;
      return encoding && encoding !== 'buffer' ? d.toString(encoding) : d;
    }
    [kDigest]() {
      const s = this[kState];
      const d = s.native ? Buffer.alloc(0) : Buffer.from(host.hmac(s.algorithm, s.key, Buffer.concat(s.chunks)));
      s.native = true;
      return d;
    }
  }
  // hash(algorithm, data, outputEncoding = 'hex'): the one-shot digest.
  function hash(algorithm, data, outputEncoding = 'hex') {
    const d = new Hash(algorithm).update(data).digest();
    return outputEncoding === 'buffer' ? d : d.toString(outputEncoding);
  }
  const hashNames = ['md5', 'sha1', 'sha224', 'sha256', 'sha3-224', 'sha3-256', 'sha3-384', 'sha3-512', 'sha384', 'sha512', 'sha512-224', 'sha512-256', 'shake128', 'shake256'];

  function timingSafeEqual(a, b) {
    if (!ArrayBuffer.isView(a) && !(a instanceof ArrayBuffer)) throw invalidArgType('buf1', 'an instance of ArrayBuffer, Buffer, TypedArray, or DataView', a);
    if (!ArrayBuffer.isView(b) && !(b instanceof ArrayBuffer)) throw invalidArgType('buf2', 'an instance of ArrayBuffer, Buffer, TypedArray, or DataView', b);
    const x = toBuffer(a), y = toBuffer(b);
    if (x.length !== y.length) throw makeError(RangeError, 'ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH', 'Input buffers must have the same byte length');
    return x.equals(y);
  }

  // ---- KeyObject: secret keys ------------------------------------------------------------
  const kKey = Symbol('key');
  class KeyObject {
    constructor(type, key) { this[kKey] = key; Object.defineProperty(this, 'type', { value: type, enumerable: true }); }
    get symmetricKeySize() { return this[kKey].length; }
    export(options) { const k = Buffer.from(this[kKey]); return options && options.format === 'jwk' ? { kty: 'oct', k: k.toString('base64url') } : k; }
    equals(other) { return other instanceof KeyObject && this.type === other.type && this[kKey].equals(other[kKey]); }
  }
  function createSecretKey(key, encoding) { return new KeyObject('secret', Buffer.from(bytes(key, 'key', encoding))); }

  // ---- key pairs: RSA and Ed25519 (sim/pkey.go) ----------------------------------------------
  // An asymmetric KeyObject keeps its PEM (PKCS#8 or SPKI) and what Go read of it.
  const kInfo = Symbol('info');
  class AsymmetricKeyObject extends KeyObject {
    constructor(info, kind) { super(kind, null); this[kInfo] = info; }
    get asymmetricKeyType() { return this[kInfo].type; }
    get asymmetricKeyDetails() {
      const info = this[kInfo];
      return info.type === 'rsa' ? { modulusLength: info.bits, publicExponent: 65537n } : info.type === 'ec' ? { namedCurve: info.curve } : {};
    }
    get symmetricKeySize() { return undefined; }
    export(options = {}) {
      if (options.format === 'jwk') {
        const jwk = this[kInfo].type === 'rsa' ? undefined : host.pkey('jwk', this.type === 'public' ? this[kInfo].public : this[kInfo].pem);
        if (jwk === undefined) return internals.unsupported('KeyObject.export({ format: "jwk" })', 'JWK export of RSA keys is not simulated yet (of EC, Ed25519 and X25519 keys it is; PEM and DER are for all)');
        const out = JSON.parse(jwk);
        // Node 26 puts an OKP key's kty first and d last.
        if (out.kty === 'OKP' && nodeMajor() >= 26) return Object.assign({ kty: 'OKP', crv: out.crv, x: out.x }, out.d === undefined ? {} : { d: out.d });
        return out;
      }
      const pub = this.type === 'public';
      const type = options.type || (pub ? 'spki' : 'pkcs8');
      const out = host.pkey('export', pub ? this[kInfo].public : this[kInfo].pem, type === 'pkcs1' && pub ? 'pkcs1-public' : type, options.format || 'pem');
      if (out === undefined) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The property 'options.type' is invalid. Received " + internals.inspect(type));
      return typeof out === 'string' ? out : Buffer.from(out);
    }
    equals(other) { return other instanceof AsymmetricKeyObject && other.type === this.type && other[kInfo].pem === this[kInfo].pem; }
  }
  const unsupportedKey = () => Object.assign(new Error('error:1E08010C:DECODER routines::unsupported'), { library: 'DECODER routines', reason: 'unsupported', code: 'ERR_OSSL_UNSUPPORTED' });
  function importInfo(key) {
    if (key instanceof AsymmetricKeyObject) return key[kInfo];
    const text = key !== null && typeof key === 'object' && !ArrayBuffer.isView(key) ? key.key : key;
    if (text instanceof AsymmetricKeyObject) return text[kInfo];
    const raw = host.pkey('import', Buffer.isBuffer(text) ? text.toString() : String(text));
    if (raw === undefined) throw unsupportedKey();
    return JSON.parse(raw);
  }
  function createPrivateKey(key) {
    const info = importInfo(key);
    if (info.kind !== 'private') throw unsupportedKey();
    return new AsymmetricKeyObject(info, 'private');
  }
  function createPublicKey(key) {
    const info = importInfo(key);
    return new AsymmetricKeyObject(Object.assign({}, info, { kind: 'public', pem: info.public }), 'public');
  }
  // generateKeyPairSync(type, options): keys drawn from the run's random source; with
  // publicKeyEncoding/privateKeyEncoding, their exported forms.
  function generateKeyPairSync(type, given) {
    const options = given === undefined ? {} : given;
    // Node 10 has no KeyObject (its pairs come only as encoded strings) and no Ed25519.
    if (major < 12 && (type === 'ed25519' || type === 'x25519')) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'type' must be one of 'rsa', 'dsa', 'ec'. Received '" + type + "'");
    let curve = '';
    if (type === 'ec') {
      if (given === null || typeof given !== 'object') throw invalidArgType('options', 'of type object', given);
      if (typeof options.namedCurve !== 'string') throw invalidArgType('options.namedCurve', 'of type string', options.namedCurve);
      const nist = { 'P-224': 'secp224r1', 'P-256': 'prime256v1', 'P-384': 'secp384r1', 'P-521': 'secp521r1' };
      curve = nist[options.namedCurve] || options.namedCurve;
      if (!curveNames.includes(curve)) throw invalidCurve();
      if (!Object.values(nist).includes(curve)) return internals.unsupported('crypto.generateKeyPair("ec", { namedCurve: ' + JSON.stringify(options.namedCurve) + ' })', 'EC key objects on curves other than the NIST ones (prime256v1, secp224r1, secp384r1, secp521r1) are not simulated');
    }
    if (type === 'rsa' && major < 12 && (typeof options.modulusLength !== 'number' || !(options.modulusLength >= 0 && options.modulusLength <= kMaxUint32) || !Number.isInteger(options.modulusLength))) {
      throw makeError(TypeError, 'ERR_INVALID_OPT_VALUE', 'The value "' + String(options.modulusLength) + '" is invalid for option "modulusLength"');
    }
    if (major < 11 && !(options.publicKeyEncoding && options.privateKeyEncoding)) throw makeError(TypeError, 'ERR_INVALID_OPT_VALUE', 'The value "undefined" is invalid for option "' + (options.publicKeyEncoding ? 'privateKeyEncoding' : 'publicKeyEncoding') + '"');
    if (!['rsa', 'ed25519', 'x25519', 'ec'].includes(type)) return internals.unsupported('crypto.generateKeyPair(' + JSON.stringify(type) + ')', 'key pairs other than RSA, Ed25519, X25519 and EC are not simulated');
    if (type === 'rsa') integer(options.modulusLength, 'options.modulusLength', 0, kMaxUint32);
    host.cpu(type === 'rsa' ? Math.round(host.cost('random') * (options.modulusLength / 256) ** 3) : host.cost('random'));
    const raw = host.pkey('generate', type, options.modulusLength || 0, options.publicExponent || 65537, curve);
    const [privPEM, pubPEM] = JSON.parse(raw);
    const privateKey = createPrivateKey(privPEM);
    const publicKey = createPublicKey(pubPEM);
    return {
      publicKey: options.publicKeyEncoding ? publicKey.export(options.publicKeyEncoding) : publicKey,
      privateKey: options.privateKeyEncoding ? privateKey.export(options.privateKeyEncoding) : privateKey,
    };
  }
  function generateKeyPair(type, options, callback) {
    if (typeof options === 'function') { callback = options; options = undefined; }
    validateFunction(callback, 'callback');
    let pair;
    // An EC curve Node does not know is thrown at once (the job is never made).
    if (type === 'ec' && options && typeof options.namedCurve === 'string' && !curveNames.includes(options.namedCurve) && !/^P-(224|256|384|521)$/.test(options.namedCurve)) throw invalidCurve();
    try { pair = generateKeyPairSync(type, options); } catch (e) { host.poolJob('crypto.generateKeyPair', host.cost('random'), false, () => callback(e)); return; }
    host.poolJob('crypto.generateKeyPair', host.cost('random'), false, () => callback(null, pair.publicKey, pair.privateKey));
  }
  // util.promisify(generateKeyPair) resolves with { publicKey, privateKey }, as Node's.
  Object.defineProperty(generateKeyPair, Symbol.for('nodejs.util.promisify.custom'), {
    value: (type, options) => new Promise((resolve, reject) => generateKeyPair(type, options, (err, publicKey, privateKey) => (err ? reject(err) : resolve({ publicKey, privateKey })))),
  });
  // sign/verify: RSA PKCS#1 v1.5 over the digest (SHA-256 when null), Ed25519 over the data.
  function signNow(algorithm, data, key) {
    const info = importInfo(key);
    if (info.kind !== 'private') throw unsupportedKey();
    if (info.type === 'ec' || info.type === 'x25519') return internals.unsupported('crypto.sign() with an ' + info.type + ' key', 'ECDSA signatures are not simulated (RSA and Ed25519 ones are)');
    const sig = host.pkey('sign', info.pem, info.type === 'ed25519' ? '' : String(algorithm || ''), Buffer.from(toBuffer(bytes(data, 'data'))));
    if (sig === undefined) throw invalidDigest(algorithm);
    return Buffer.from(sig);
  }
  function verifyNow(algorithm, data, key, signature) {
    const info = importInfo(key);
    return host.pkey('verify', info.public, info.type === 'ed25519' ? '' : String(algorithm || ''), Buffer.from(toBuffer(bytes(data, 'data'))), Buffer.from(toBuffer(bytes(signature, 'signature'))));
  }
  function sign(algorithm, data, key, callback) {
    if (typeof callback !== 'function') return signNow(algorithm, data, key);
    host.poolJob('crypto.sign', host.cost('random'), false, () => { let s; try { s = signNow(algorithm, data, key); } catch (e) { callback(e); return; } callback(null, s); });
    return undefined;
  }
  function verify(algorithm, data, key, signature, callback) {
    if (typeof callback !== 'function') return verifyNow(algorithm, data, key, signature);
    host.poolJob('crypto.verify', host.cost('random'), false, () => callback(null, verifyNow(algorithm, data, key, signature)));
    return undefined;
  }
  // publicEncrypt/privateDecrypt (OAEP with SHA-1 by default, or RSA_PKCS1_PADDING) and
  // privateEncrypt/publicDecrypt (PKCS#1 v1.5 type 1).
  function rsaCrypt(op, key, buffer) {
    const info = importInfo(key);
    if (info.type !== 'rsa') throw unsupportedKey();
    const o = key !== null && typeof key === 'object' && !(key instanceof KeyObject) && !ArrayBuffer.isView(key) ? key : {};
    const padding = o.padding !== undefined ? o.padding : (op === 'encrypt' || op === 'decrypt' ? 4 : 1);
    // Node 20 refuses PKCS#1 v1.5 for private decryption (CVE-2023-46809); 22 on allow it.
    if (op === 'decrypt' && padding === 1 && Number(String(internals.process.version).slice(1).split('.')[0]) < 22) {
      throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', 'RSA_PKCS1_PADDING is no longer supported for private decryption, this can be reverted with --security-revert=CVE-2023-46809');
    }
    const out = host.pkey(op, op === 'encrypt' || op === 'pubdec' ? info.public : info.pem, padding, String(o.oaepHash || ''), Buffer.from(toBuffer(bytes(buffer, 'buffer'))));
    if (out === undefined) {
      const what = op === 'decrypt' ? (padding === 4 ? ['02000079', 'oaep decoding error', 'ERR_OSSL_RSA_OAEP_DECODING_ERROR'] : ['02000072', 'padding check failed', 'ERR_OSSL_RSA_PADDING_CHECK_FAILED']) : ['1C800066', 'operation failed', 'ERR_OSSL_OPERATION_FAILED'];
      const message = 'error:' + what[0] + ':rsa routines::' + what[1];
      throw Object.assign(new Error(message), { library: 'rsa routines', reason: what[1], code: what[2] });
    }
    return Buffer.from(out);
  }
  class Sign {
    #alg; #chunks = [];
    constructor(algorithm, options) { this.#alg = algorithm; Writable.call(this, options); }
    update(data, encoding) { this.#chunks.push(Buffer.from(toBuffer(bytes(data, 'data', encoding)))); return this; }
    sign(key, outputEncoding) { const s = signNow(this.#alg, Buffer.concat(this.#chunks), key); return outputEncoding && outputEncoding !== 'buffer' ? s.toString(outputEncoding) : s; }
  }
  class Verify {
    #alg; #chunks = [];
    constructor(algorithm, options) { this.#alg = algorithm; Writable.call(this, options); }
    update(data, encoding) { this.#chunks.push(Buffer.from(toBuffer(bytes(data, 'data', encoding)))); return this; }
    verify(key, signature, signatureEncoding) { return verifyNow(this.#alg, Buffer.concat(this.#chunks), key, typeof signature === 'string' ? Buffer.from(signature, signatureEncoding) : signature); }
  }
  // generateKey('hmac' | 'aes', { length }): a secret key of random bits (the pool for
  // the callback form).
  function generateKeySync(type, options) {
    const length = options && options.length;
    if (type !== 'hmac' && type !== 'aes') throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'type' must be a supported key type. Received '" + type + "'");
    if (type === 'aes' && ![128, 192, 256].includes(length)) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The property 'options.length' must be one of: 128, 192, 256. Received " + length);
    if (!Number.isInteger(length) || length < 8) throw outOfRange('options.length', '>= 8 && <= 2147483647', length);
    return new KeyObject('secret', Buffer.from(host.randomBytes(Math.floor(length / 8))));
  }
  function generateKey(type, options, callback) {
    validateFunction(callback, 'callback');
    const key = generateKeySync(type, options);
    host.poolJob('crypto.generateKey', host.cost('random'), false, () => callback(null, key));
  }

  // ---- primes (math/big in Go) -------------------------------------------------------------
  function candidate(c) {
    if (typeof c === 'bigint') return c.toString();
    if (ArrayBuffer.isView(c) || c instanceof ArrayBuffer) return BigInt('0x' + (toBuffer(c).toString('hex') || '0')).toString();
    throw invalidArgType('candidate', 'of type bigint or an instance of ArrayBuffer, Buffer, TypedArray, or DataView', c);
  }
  function checkPrimeSync(c, options) { return host.prime('check', candidate(c), (options && options.checks) || 0) === 'true'; }
  function checkPrime(c, options, callback) {
    if (typeof options === 'function') { callback = options; options = undefined; }
    validateFunction(callback, 'callback');
    const n = candidate(c);
    host.poolJob('crypto.checkPrime', host.cost('random'), false, () => callback(undefined, host.prime('check', n, (options && options.checks) || 0) === 'true'));
  }
  function generatePrimeSync(size, options) {
    integer(size, 'size', 1, kMaxInt32);
    const p = BigInt(host.prime('generate', String(size), 0));
    if (options && options.bigint) return p;
    const hex = p.toString(16).padStart(Math.ceil(size / 8) * 2, '0');
    return Buffer.from(hex, 'hex').buffer;
  }
  function generatePrime(size, options, callback) {
    if (typeof options === 'function') { callback = options; options = undefined; }
    validateFunction(callback, 'callback');
    integer(size, 'size', 1, kMaxInt32);
    host.poolJob('crypto.generatePrime', host.cost('random'), false, () => callback(null, generatePrimeSync(size, options)));
  }

  // ---- AES ciphers: CBC, ECB (PKCS#7 padding), CTR and GCM (streamed) ---------------------
  const cipherNids = { 'aes-128-cbc': 419, 'aes-192-cbc': 423, 'aes-256-cbc': 427, 'aes-128-ecb': 418, 'aes-192-ecb': 422, 'aes-256-ecb': 426, 'aes-128-ctr': 904, 'aes-192-ctr': 905, 'aes-256-ctr': 906, 'aes-128-gcm': 895, 'aes-192-gcm': 898, 'aes-256-gcm': 901 };
  const cipherAliases = { aes128: 'aes-128-cbc', aes192: 'aes-192-cbc', aes256: 'aes-256-cbc', 'id-aes128-gcm': 'aes-128-gcm', 'id-aes192-gcm': 'aes-192-gcm', 'id-aes256-gcm': 'aes-256-gcm' };
  function cipherSpec(name) {
    const n = cipherAliases[String(name).toLowerCase()] || String(name).toLowerCase();
    if (!(n in cipherNids)) return undefined;
    const [, bits, mode] = n.split('-');
    return { name: n, mode, keyLength: Number(bits) / 8, ivLength: mode === 'ecb' ? 0 : mode === 'gcm' ? 12 : 16, blockSize: mode === 'cbc' || mode === 'ecb' ? 16 : 1, nid: cipherNids[n] };
  }
  function aes(op, key, iv, data, aad, tag) { return host.aes(op, key, iv || Buffer.alloc(0), data, aad || Buffer.alloc(0), tag || Buffer.alloc(0)); }
  function badDecrypt(what, code) {
    const message = 'error:1C80006' + (code === 'ERR_OSSL_BAD_DECRYPT' ? '4' : 'B') + ':Provider routines::' + what;
    return Object.assign(new Error(message), { opensslErrorStack: [message], library: 'Provider routines', reason: what, code });
  }
  const kC = Symbol('cipher');
  class CipherBase {
    constructor(decrypt, algorithm, key, iv, options) {
      const spec = cipherSpec(algorithm);
      if (!spec) throw makeError(Error, 'ERR_CRYPTO_UNKNOWN_CIPHER', 'Unknown cipher');
      const k = Buffer.from(toBuffer(bytes(key, 'key')));
      if (k.length !== spec.keyLength) throw makeError(RangeError, 'ERR_CRYPTO_INVALID_KEYLEN', 'Invalid key length');
      const v = iv === null || iv === undefined ? Buffer.alloc(0) : Buffer.from(toBuffer(bytes(iv, 'iv')));
      if ((spec.mode === 'gcm' ? v.length === 0 : v.length !== spec.ivLength)) throw makeError(TypeError, 'ERR_CRYPTO_INVALID_IV', 'Invalid initialization vector');
      this[kC] = { spec, decrypt, key: k, iv: v, chain: v, pending: Buffer.alloc(0), offset: 0, padding: true, aad: Buffer.alloc(0), all: [], tag: null, authTag: (options && options.authTagLength) || 16, done: false };
      this._options = options;
    }
    // blocks runs whole blocks through CBC/ECB, carrying the chaining value.
    #blocks(s, data) {
      if (data.length === 0) return Buffer.alloc(0);
      const out = Buffer.from(aes(s.spec.mode + (s.decrypt ? '-dec' : '-enc'), s.key, s.chain, data));
      if (s.spec.mode === 'cbc') s.chain = Buffer.from((s.decrypt ? data : out).subarray(-16));
      return out;
    }
    // stream runs data through the counter mode (CTR, or GCM's counter from J0 + 1).
    #stream(s, data) {
      if (s.spec.mode === 'gcm') { s.all.push(data); if (s.iv.length !== 12) return Buffer.alloc(0); }
      const counter = s.spec.mode === 'gcm' ? Buffer.concat([s.iv, Buffer.from([0, 0, 0, 2])]) : s.iv;
      const skip = s.offset % 16;
      const start = Buffer.from(counter);
      let carry = Math.floor(s.offset / 16);
      for (let i = 15; i >= 0 && carry > 0; i--) { const v = start[i] + (carry % 256); start[i] = v % 256; carry = Math.floor(carry / 256) + (v >= 256 ? 1 : 0); }
      const out = Buffer.from(aes('ctr', s.key, start, Buffer.concat([Buffer.alloc(skip), data]))).subarray(skip);
      s.offset += data.length;
      return out;
    }
    update(data, inputEncoding, outputEncoding) {
      const s = this[kC];
      if (s.done) throw makeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Invalid state for operation update');
      const buf = Buffer.from(toBuffer(bytes(data, 'data', inputEncoding)));
      let out;
      if (s.spec.mode === 'ctr' || s.spec.mode === 'gcm') out = this.#stream(s, buf);
      else {
        const all = Buffer.concat([s.pending, buf]);
        let n = all.length - (all.length % 16);
        if (s.decrypt && s.padding && n === all.length) n -= 16; // the last block may be padding
        n = Math.max(n, 0);
        s.pending = Buffer.from(all.subarray(n));
        out = this.#blocks(s, all.subarray(0, n));
      }
      return outputEncoding && outputEncoding !== 'buffer' ? out.toString(outputEncoding) : out;
    }
    final(outputEncoding) {
      const s = this[kC];
      if (s.done) throw makeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Invalid state for operation final');
      s.done = true;
      let out = Buffer.alloc(0);
      if (s.spec.mode === 'gcm') {
        const all = Buffer.concat(s.all);
        if (s.decrypt) {
          const plain = s.tag === null ? undefined : aes('gcm-open', s.key, s.iv, all, s.aad, s.tag);
          if (plain === undefined) throw new Error('Unsupported state or unable to authenticate data');
          if (s.iv.length !== 12) out = Buffer.from(plain);
        } else {
          const sealed = Buffer.from(aes('gcm-seal', s.key, s.iv, all, s.aad));
          s.tag = Buffer.from(sealed.subarray(sealed.length - 16, sealed.length - 16 + s.authTag));
          if (s.iv.length !== 12) out = Buffer.from(sealed.subarray(0, sealed.length - 16));
        }
      } else if (s.spec.mode === 'cbc' || s.spec.mode === 'ecb') {
        if (!s.decrypt) {
          if (s.padding) { const p = 16 - (s.pending.length % 16); out = this.#blocks(s, Buffer.concat([s.pending, Buffer.alloc(p, p)])); }
          else if (s.pending.length % 16 !== 0) throw badDecrypt('wrong final block length', 'ERR_OSSL_WRONG_FINAL_BLOCK_LENGTH');
          else out = this.#blocks(s, s.pending);
        } else {
          if (s.pending.length % 16 !== 0 || (s.padding && s.pending.length === 0)) throw badDecrypt('wrong final block length', 'ERR_OSSL_WRONG_FINAL_BLOCK_LENGTH');
          out = this.#blocks(s, s.pending);
          if (s.padding) {
            const p = out[out.length - 1];
            if (p < 1 || p > 16 || !out.subarray(out.length - p).every((b) => b === p)) throw badDecrypt('bad decrypt', 'ERR_OSSL_BAD_DECRYPT');
            out = out.subarray(0, out.length - p);
          }
        }
      }
      return outputEncoding && outputEncoding !== 'buffer' ? out.toString(outputEncoding) : out;
    }
    setAutoPadding(on = true) { this[kC].padding = !!on; return this; }
    setAAD(aad) { this[kC].aad = Buffer.from(toBuffer(bytes(aad, 'buffer'))); return this; }
    getAuthTag() {
      const s = this[kC];
      if (s.decrypt || s.tag === null) throw makeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Invalid state for operation getAuthTag');
      return Buffer.from(s.tag);
    }
    setAuthTag(tag) {
      const s = this[kC];
      if (!s.decrypt || s.done) throw makeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Invalid state for operation setAuthTag');
      s.tag = Buffer.from(toBuffer(bytes(tag, 'buffer')));
      return this;
    }
  }
  // ---- the streams of Hash, Hmac, the ciphers, Sign and Verify --------------------------
  // Hash, Hmac and the ciphers are Transforms whose stream state is made on first use
  // (Node's LazyTransform, lib/internal/streams/lazy_transform.js), so update() and
  // digest() alone make no stream; what is written is updated, and the digest or the
  // final block is pushed when the writable side ends. Sign and Verify are Writables.
  function LazyTransform(options) { this._options = options; }
  Object.setPrototypeOf(LazyTransform.prototype, Transform.prototype);
  const lazyState = (name) => ({
    get() {
      Transform.call(this, this._options);
      this._writableState.decodeStrings = false;
      return this[name];
    },
    set(value) { Object.defineProperty(this, name, { value, enumerable: true, configurable: true, writable: true }); },
    configurable: true,
    enumerable: true,
  });
  Object.defineProperties(LazyTransform.prototype, { _readableState: lazyState('_readableState'), _writableState: lazyState('_writableState') });
  for (const C of [Hash, Hmac, CipherBase]) Object.setPrototypeOf(C.prototype, LazyTransform.prototype);
  function updateChunk(chunk, encoding, callback) { this.update(chunk, encoding); callback(); }
  Hash.prototype._transform = Hmac.prototype._transform = updateChunk;
  Hash.prototype._flush = Hmac.prototype._flush = function _flush(callback) { this.push(this[kDigest]()); callback(); };
  CipherBase.prototype._transform = function _transform(chunk, encoding, callback) { this.push(this.update(chunk, encoding)); callback(); };
  CipherBase.prototype._flush = function _flush(callback) {
    try { this.push(this.final()); } catch (err) { callback(err); return; }
    callback();
  };
  for (const C of [Sign, Verify]) {
    Object.setPrototypeOf(C.prototype, Writable.prototype);
    C.prototype._write = updateChunk;
  }

  class Cipheriv extends CipherBase { constructor(algorithm, key, iv, options) { super(false, algorithm, key, iv, options); } }
  class Decipheriv extends CipherBase { constructor(algorithm, key, iv, options) { super(true, algorithm, key, iv, options); } }
  function getCipherInfo(name, options) {
    const spec = cipherSpec(name);
    if (!spec || (options && ((options.keyLength !== undefined && options.keyLength !== spec.keyLength) || (options.ivLength !== undefined && options.ivLength !== spec.ivLength && spec.mode !== 'gcm')))) return undefined;
    const shown = spec.mode === 'gcm' ? 'id-aes' + spec.keyLength * 8 + '-gcm' : spec.name;
    const ivLength = spec.mode === 'ecb' ? undefined : (options && options.ivLength !== undefined ? options.ivLength : spec.ivLength);
    // Node 26 gives a null-prototype object with keyLength before blockSize.
    const info = Number(String(internals.process.version).slice(1).split('.')[0]) >= 26
      ? { __proto__: null, mode: spec.mode, name: shown, nid: spec.nid, keyLength: spec.keyLength, blockSize: spec.blockSize, ivLength }
      : { mode: spec.mode, name: shown, nid: spec.nid, blockSize: spec.blockSize, ivLength, keyLength: spec.keyLength };
    if (ivLength === undefined) delete info.ivLength;
    return info;
  }

  // ---- key agreement: ECDH and finite-field Diffie-Hellman (sim/kex.go) ---------------
  // Keys live in a handle the program cannot see; a key the simulator draws comes from
  // the run's seeded source. Errors follow each release: Node 10's C++ threw plain errors
  // (no code) with messages of their own.
  const nodeMajor = () => Number(String(internals.process.version).slice(1).split('.')[0]);
  const plainError = (Base, message, code) => { const e = new Base(message); if (code) Object.defineProperty(e, 'code', { value: code, enumerable: true, writable: true, configurable: true }); return e; };
  const opensslError = (hex, library, reason, code) => Object.assign(new Error('error:' + hex + ':' + library + '::' + reason), { library, reason, code });
  const encodeOut = (buf, encoding) => (encoding && encoding !== 'buffer' ? buf.toString(encoding) : buf);
  const minimal = (b) => { let i = 0; while (i < b.length && b[i] === 0) i++; return Buffer.from(b.subarray(i)); };
  // keyArg is Node's getArrayBufferOrView (a string in the encoding given, utf8 without).
  function keyArg(key, name, encoding, v10message) {
    if (typeof key === 'string') return Buffer.from(key, encoding === 'buffer' ? 'utf8' : encoding);
    if (ArrayBuffer.isView(key) || key instanceof ArrayBuffer) return Buffer.from(toBuffer(key));
    if (nodeMajor() < 12) throw plainError(TypeError, v10message, 'ERR_INVALID_ARG_TYPE');
    throw invalidArgType(name, 'of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView', key);
  }
  const curveNames = ['Oakley-EC2N-3', 'Oakley-EC2N-4', 'SM2', 'brainpoolP160r1', 'brainpoolP160t1', 'brainpoolP192r1', 'brainpoolP192t1', 'brainpoolP224r1', 'brainpoolP224t1', 'brainpoolP256r1', 'brainpoolP256t1', 'brainpoolP320r1', 'brainpoolP320t1', 'brainpoolP384r1', 'brainpoolP384t1', 'brainpoolP512r1', 'brainpoolP512t1',
    'c2pnb163v1', 'c2pnb163v2', 'c2pnb163v3', 'c2pnb176v1', 'c2pnb208w1', 'c2pnb272w1', 'c2pnb304w1', 'c2pnb368w1', 'c2tnb191v1', 'c2tnb191v2', 'c2tnb191v3', 'c2tnb239v1', 'c2tnb239v2', 'c2tnb239v3', 'c2tnb359v1', 'c2tnb431r1',
    'prime192v1', 'prime192v2', 'prime192v3', 'prime239v1', 'prime239v2', 'prime239v3', 'prime256v1', 'secp112r1', 'secp112r2', 'secp128r1', 'secp128r2', 'secp160k1', 'secp160r1', 'secp160r2', 'secp192k1', 'secp224k1', 'secp224r1', 'secp256k1', 'secp384r1', 'secp521r1',
    'sect113r1', 'sect113r2', 'sect131r1', 'sect131r2', 'sect163k1', 'sect163r1', 'sect163r2', 'sect193r1', 'sect193r2', 'sect233k1', 'sect233r1', 'sect239k1', 'sect283k1', 'sect283r1', 'sect409k1', 'sect409r1', 'sect571k1', 'sect571r1',
    'wap-wsg-idm-ecid-wtls1', 'wap-wsg-idm-ecid-wtls10', 'wap-wsg-idm-ecid-wtls11', 'wap-wsg-idm-ecid-wtls12', 'wap-wsg-idm-ecid-wtls3', 'wap-wsg-idm-ecid-wtls4', 'wap-wsg-idm-ecid-wtls5', 'wap-wsg-idm-ecid-wtls6', 'wap-wsg-idm-ecid-wtls7', 'wap-wsg-idm-ecid-wtls8', 'wap-wsg-idm-ecid-wtls9'];
  const ecSimulated = ['prime256v1', 'secp224r1', 'secp256k1', 'secp384r1', 'secp521r1'];
  // ecCurve checks a curve name as OpenSSL's short names go (case-sensitive; "P-256" and
  // "secp256r1" are not among them); a known curve the simulator does not compute is refused.
  function ecCurve(curve, what, invalid) {
    if (ecSimulated.includes(curve)) return curve;
    if (curveNames.includes(curve)) return internals.unsupported(what, 'the curve ' + curve + ' is not simulated (' + ecSimulated.join(', ') + ' are)');
    throw invalid();
  }
  const invalidCurve = () => makeError(TypeError, 'ERR_CRYPTO_INVALID_CURVE', 'Invalid EC curve name');
  function pointFormat(format) {
    if (format) {
      if (format === 'compressed' || format === 'hybrid') return format;
      if (format !== 'uncompressed') throw makeError(TypeError, 'ERR_CRYPTO_ECDH_INVALID_FORMAT', 'Invalid ECDH format: ' + format);
    }
    return 'uncompressed';
  }
  // formatPoint re-encodes an uncompressed point (04 X Y) as SEC 1 asks.
  function formatPoint(point, format) {
    if (format === 'uncompressed') return point;
    const size = (point.length - 1) / 2;
    const odd = point[point.length - 1] & 1;
    if (format === 'compressed') return Buffer.concat([Buffer.from([2 + odd]), point.subarray(1, 1 + size)]);
    return Buffer.concat([Buffer.from([6 + odd]), point.subarray(1)]);
  }
  const kHandle = Symbol('kHandle');
  // Node 10 kept the handle in an enumerable _handle property.
  const hidden = (obj, value) => {
    Object.defineProperty(obj, kHandle, { value, writable: true });
    if (nodeMajor() < 12) obj._handle = {};
  };

  // ECDH: createECDH(curve), callable without new as Node's is.
  function ECDH(curve) {
    if (!(this instanceof ECDH)) return new ECDH(curve);
    if (typeof curve !== 'string') throw invalidArgType('curve', 'of type string', curve);
    ecCurve(curve, 'crypto.createECDH(' + JSON.stringify(curve) + ')', () => (nodeMajor() < 12 ? plainError(TypeError, 'First argument should be a valid curve name', 'ERR_INVALID_ARG_VALUE') : invalidCurve()));
    hidden(this, { curve, priv: null, pub: null });
  }
  const v10 = () => nodeMajor() < 12;
  ECDH.prototype.computeSecret = function computeSecret(key, inEnc, outEnc) {
    const h = this[kHandle];
    const bytes = keyArg(key, 'key', inEnc, h.curve ? 'Data must be a buffer' : "Other party's public key must be a buffer");
    if (!h.curve) return dhSecret(h, bytes, outEnc);
    if (!h.priv) {
      if (v10()) throw plainError(Error, 'Invalid key pair');
      throw nodeMajor() >= 26 ? makeError(Error, 'ERR_CRYPTO_OPERATION_FAILED', 'Failed to compute ECDH key') : makeError(RangeError, 'ERR_CRYPTO_INVALID_KEYPAIR', 'Invalid key pair');
    }
    const secret = host.kex('ec-secret', h.curve, h.priv, bytes);
    if (secret === undefined) throw makeError(Error, 'ERR_CRYPTO_ECDH_INVALID_PUBLIC_KEY', 'Public key is not valid for specified curve');
    return encodeOut(Buffer.from(secret), outEnc);
  };
  ECDH.prototype.setPrivateKey = function setPrivateKey(key, encoding) {
    const h = this[kHandle];
    const bytes = keyArg(key, 'key', encoding, 'Private key must be a buffer');
    if (!h.curve) { h.priv = minimal(bytes); return this; }
    const pub = host.kex('ec-pub', h.curve, bytes);
    if (pub === undefined) throw v10() ? plainError(Error, 'Private key is not valid for specified curve.') : makeError(RangeError, 'ERR_CRYPTO_INVALID_KEYTYPE', 'Private key is not valid for specified curve.');
    h.priv = minimal(bytes);
    h.pub = Buffer.from(pub);
    return this;
  };
  ECDH.prototype.setPublicKey = function setPublicKey(key, encoding) {
    const h = this[kHandle];
    const bytes = keyArg(key, 'key', encoding, 'Public key must be a buffer');
    if (!h.curve) { h.pub = minimal(bytes); return this; }
    if (nodeMajor() >= 24 && !ecdhSetPublicKeyWarned) { // a runtime deprecation from Node 24
      ecdhSetPublicKeyWarned = true;
      internals.process.emitWarning('ecdh.setPublicKey() is deprecated.', 'DeprecationWarning', 'DEP0031');
    }
    const pub = host.kex('ec-point', h.curve, bytes);
    if (pub === undefined) throw v10() ? plainError(Error, 'Failed to convert Buffer to EC_POINT') : makeError(Error, 'ERR_CRYPTO_OPERATION_FAILED', 'Failed to convert Buffer to EC_POINT');
    h.pub = Buffer.from(pub);
    return this;
  };
  let ecdhSetPublicKeyWarned = false;
  ECDH.prototype.getPrivateKey = function getPrivateKey(encoding) {
    const h = this[kHandle];
    if (!h.curve) return encodeOut(dhKey(h.priv, 'private'), encoding);
    if (!h.priv) throw v10() ? plainError(Error, 'Failed to get ECDH private key') : makeError(Error, 'ERR_CRYPTO_OPERATION_FAILED', 'Failed to get ECDH private key');
    return encodeOut(Buffer.from(h.priv), encoding);
  };
  ECDH.prototype.generateKeys = function generateKeys(encoding, format) {
    const h = this[kHandle];
    h.priv = minimal(Buffer.from(host.kex('ec-gen', h.curve)));
    h.pub = Buffer.from(host.kex('ec-pub', h.curve, h.priv));
    return this.getPublicKey(encoding, format);
  };
  ECDH.prototype.getPublicKey = function getPublicKey(encoding, format) {
    const f = pointFormat(format);
    const h = this[kHandle];
    if (!h.pub) throw v10() ? plainError(Error, 'Failed to get ECDH public key') : makeError(Error, 'ERR_CRYPTO_OPERATION_FAILED', 'Failed to get ECDH public key');
    return encodeOut(formatPoint(h.pub, f), encoding);
  };
  ECDH.convertKey = function convertKey(key, curve, inEnc, outEnc, format) {
    if (typeof curve !== 'string') throw invalidArgType('curve', 'of type string', curve);
    const bytes = keyArg(key, 'key', inEnc, 'Data must be a buffer');
    const f = pointFormat(format);
    ecCurve(curve, 'crypto.ECDH.convertKey(key, ' + JSON.stringify(curve) + ')', () => (v10() ? plainError(TypeError, 'Invalid ECDH curve name') : invalidCurve()));
    const point = host.kex('ec-point', curve, bytes);
    if (point === undefined) throw v10() ? plainError(Error, 'Failed to convert Buffer to EC_POINT') : makeError(Error, 'ERR_CRYPTO_OPERATION_FAILED', 'Failed to convert Buffer to EC_POINT');
    return encodeOut(formatPoint(Buffer.from(point), f), outEnc);
  };

  // DiffieHellman(prime or primeLength, [encoding], [generator], [encoding]): a safe prime
  // of primeLength bits is searched for as OpenSSL does, at a CPU cost that grows as the
  // fourth power of the length (about 30 ms for 512 bits, several seconds for 2048).
  const dhPrimeUS = (bits) => Math.round(30000 * (bits / 512) ** 4);
  const badGenerator = () => opensslError('02800065', 'Diffie-Hellman routines', 'bad generator', 'ERR_OSSL_DH_BAD_GENERATOR');
  const modulusTooSmall = () => opensslError('0280007E', 'Diffie-Hellman routines', 'modulus too small', 'ERR_OSSL_DH_MODULUS_TOO_SMALL');
  function int32(v, name) {
    if (!Number.isInteger(v)) throw outOfRange(name, 'an integer', v);
    if (v < -2147483648 || v > 2147483647) throw outOfRange(name, '>= -2147483648 && <= 2147483647', v);
  }
  function DiffieHellman(sizeOrKey, keyEncoding, generator, genEncoding) {
    if (!(this instanceof DiffieHellman)) return new DiffieHellman(sizeOrKey, keyEncoding, generator, genEncoding);
    const major = nodeMajor();
    if (typeof sizeOrKey !== 'number' && typeof sizeOrKey !== 'string' && !ArrayBuffer.isView(sizeOrKey) && !(sizeOrKey instanceof ArrayBuffer)) {
      throw invalidArgType('sizeOrKey', 'one of type number or string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView', sizeOrKey);
    }
    if (typeof sizeOrKey === 'number') int32(sizeOrKey, 'sizeOrKey');
    if (keyEncoding && !Buffer.isEncoding(keyEncoding) && keyEncoding !== 'buffer') {
      genEncoding = generator; generator = keyEncoding; keyEncoding = false;
    }
    const decode = (s, enc) => Buffer.from(s, enc && enc !== 'buffer' ? enc : 'utf8');
    if (typeof sizeOrKey === 'string') sizeOrKey = decode(sizeOrKey, keyEncoding);
    else if (typeof sizeOrKey !== 'number') sizeOrKey = Buffer.from(toBuffer(sizeOrKey));
    if (!generator) generator = 2;
    else if (typeof generator === 'number') int32(generator, 'generator');
    else if (typeof generator === 'string') generator = decode(generator, genEncoding);
    else if (!ArrayBuffer.isView(generator) && !(generator instanceof ArrayBuffer)) {
      throw invalidArgType('generator', 'one of type number or string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView', generator);
    } else generator = Buffer.from(toBuffer(generator));
    const g = typeof generator === 'number' ? generator : Number(BigInt('0x' + (generator.toString('hex') || '0')) > 2n ** 32n ? 2 ** 32 : BigInt('0x' + (generator.toString('hex') || '0')));
    let p;
    if (typeof sizeOrKey === 'number') {
      if (sizeOrKey < 2) throw major < 12 ? new Error('error:0308D076:bignum routines:BN_generate_prime_ex:bits too small') : modulusTooSmall();
      if (major >= 12) {
        if (major < 22 && sizeOrKey < 512) throw modulusTooSmall();
        if (typeof generator !== 'number') throw major < 22 ? plainError(Error, 'Initialization failed') : plainError(TypeError, 'Second argument must be an int32', 'ERR_INVALID_ARG_TYPE');
        if (g < 2) throw badGenerator();
        if (sizeOrKey < 512) throw plainError(TypeError, 'Invalid DH parameters', 'ERR_INVALID_ARG_VALUE');
        // OpenSSL's OPENSSL_DH_MAX_MODULUS_BITS: OpenSSL 3 refuses a longer prime.
        if (sizeOrKey > 10000 && major >= 22) throw plainError(TypeError, 'Invalid DH parameters', 'ERR_INVALID_ARG_VALUE');
        if (sizeOrKey > 10000 && major >= 17) throw opensslError('02800067', 'Diffie-Hellman routines', 'modulus too large', 'ERR_OSSL_DH_MODULUS_TOO_LARGE');
      }
      host.cpu(dhPrimeUS(sizeOrKey));
      p = Buffer.from(host.kex('dh-prime', sizeOrKey, g, major >= 17));
    } else {
      if (major >= 12 && major < 22 && sizeOrKey.length === 0) throw opensslError('01800076', 'bignum routines', 'bits too small', 'ERR_OSSL_BN_BITS_TOO_SMALL');
      if (major >= 12 && g < 2) throw badGenerator();
      p = sizeOrKey;
    }
    const gBytes = typeof generator === 'number' ? minimal(Buffer.from(generator.toString(16).padStart(8, '0'), 'hex')) : minimal(generator);
    hidden(this, { p: minimal(p), g: gBytes, priv: null, pub: null });
    Object.defineProperty(this, 'verifyError', { enumerable: true, value: verifyError(minimal(p), gBytes), writable: false });
  }
  function DiffieHellmanGroup(name) {
    if (!(this instanceof DiffieHellmanGroup)) return new DiffieHellmanGroup(name);
    if (typeof name !== 'string') throw plainError(TypeError, 'Group name must be a string', 'ERR_INVALID_ARG_TYPE');
    const p = host.kex('dh-group', name);
    if (p === undefined) throw v10() ? plainError(Error, 'Unknown group') : makeError(Error, 'ERR_CRYPTO_UNKNOWN_DH_GROUP', 'Unknown DH group');
    hidden(this, { p: Buffer.from(p), g: Buffer.from([2]), priv: null, pub: null });
    Object.defineProperty(this, 'verifyError', { enumerable: true, value: verifyError(Buffer.from(p), Buffer.from([2])), writable: false });
  }
  // verifyError: OpenSSL's DH_check tests p and (p-1)/2 for primality, on the main thread:
  // 60-140 ms for 768 and 1024 bits, about 1 s for 2048 (Node 24; Node 10 checks even the
  // MODP groups, seconds each from 3072 bits). The simulator charges 80 ms x (bits/768)^2.5
  // when p is prime (a composite fails at once), nothing for a group OpenSSL 3 knows.
  function verifyError(p, g) {
    const flags = host.kex('dh-check', p, g, nodeMajor() >= 17);
    if (flags < 0) return 0;
    if (!(flags & 1)) host.cpu(Math.round(80000 * (bits(p) / 768) ** 2.5));
    return flags;
  }
  const bits = (b) => (b.length === 0 ? 0 : (b.length - 1) * 8 + b[0].toString(2).length);
  function dhKey(key, which) {
    if (!key) throw v10() ? plainError(Error, 'No ' + which + ' key - did you forget to generate one?') : makeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'No ' + which + ' key - did you forget to generate one?');
    return Buffer.from(key);
  }
  function dhSecret(h, bytes, outEnc) {
    const major = nodeMajor();
    if (!h.priv) {
      if (major < 12) throw plainError(Error, 'Invalid key');
      if (major < 22) throw makeError(RangeError, 'ERR_CRYPTO_INVALID_KEYTYPE', 'Invalid key type');
      if (major < 26) return encodeOut(Buffer.alloc(0), outEnc);
      throw makeError(Error, 'ERR_CRYPTO_OPERATION_FAILED', 'Failed to compute shared secret');
    }
    const secret = host.kex('dh-secret', h.p, h.priv, bytes);
    if (typeof secret === 'string') {
      const message = 'Supplied key is too ' + secret;
      if (major === 22 && secret === 'large') throw makeError(RangeError, 'ERR_CRYPTO_INVALID_KEYTYPE', 'Unspecified validation error');
      throw major < 12 ? plainError(Error, message) : makeError(RangeError, 'ERR_CRYPTO_INVALID_KEYLEN', message);
    }
    // OpenSSL 3 computes nothing with a modulus under 512 bits: Node 20 to 24 give zeros.
    if (major >= 12 && bits(h.p) < 512) {
      if (major >= 26) throw makeError(Error, 'ERR_CRYPTO_OPERATION_FAILED', 'Failed to compute shared secret');
      return encodeOut(Buffer.alloc(secret.byteLength), outEnc);
    }
    return encodeOut(Buffer.from(secret), outEnc);
  }
  const dhMethods = {
    generateKeys(encoding) {
      const h = this[kHandle];
      const major = nodeMajor();
      if (major >= 12 && bits(h.p) < 512) throw major < 22 ? modulusTooSmall() : makeError(Error, 'ERR_CRYPTO_OPERATION_FAILED', 'Key generation failed');
      if (!h.priv) h.priv = minimal(Buffer.from(host.kex('dh-gen', h.p, h.g, major >= 17)));
      h.pub = minimal(Buffer.from(host.kex('dh-pub', h.p, h.g, h.priv)));
      return encodeOut(Buffer.from(h.pub), encoding);
    },
    computeSecret: ECDH.prototype.computeSecret,
    getPrime(encoding) { return encodeOut(Buffer.from(this[kHandle].p), encoding); },
    getGenerator(encoding) { return encodeOut(Buffer.from(this[kHandle].g), encoding); },
    getPublicKey(encoding) { return encodeOut(dhKey(this[kHandle].pub, 'public'), encoding); },
    getPrivateKey: ECDH.prototype.getPrivateKey,
  };
  for (const C of [DiffieHellman, DiffieHellmanGroup]) Object.assign(C.prototype, dhMethods);
  DiffieHellman.prototype.setPublicKey = function setPublicKey(key, encoding) { this[kHandle].pub = minimal(keyArg(key, 'key', encoding, 'Public key must be a buffer')); return this; };
  DiffieHellman.prototype.setPrivateKey = ECDH.prototype.setPrivateKey;

  // diffieHellman({ privateKey, publicKey }[, callback]): X25519 or ECDH over KeyObjects
  // (or what createPrivateKey/createPublicKey take); Node 24 on can call back from the pool.
  const dhKeyTypes = ['dh', 'ec', 'x448', 'x25519'];
  function diffieHellman(options, callback) {
    if (options === null || typeof options !== 'object') throw invalidArgType('options', 'of type object', options);
    const major = nodeMajor();
    if (major >= 24 && callback !== undefined) validateFunction(callback, 'callback');
    // Node 24 on read keys as createPrivateKey/createPublicKey do; before, only KeyObjects.
    for (const which of ['privateKey', 'publicKey']) {
      if (major < 24 && !(options[which] instanceof KeyObject)) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The property 'options." + which + "' is invalid. Received " + internals.inspect(options[which]));
    }
    const privateKey = options.privateKey instanceof KeyObject ? options.privateKey : createPrivateKey(options.privateKey);
    const publicKey = options.publicKey instanceof KeyObject ? options.publicKey : createPublicKey(options.publicKey);
    if (privateKey.type !== 'private') throw makeError(TypeError, 'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE', 'Invalid key object type ' + privateKey.type + ', expected private.');
    if (publicKey.type !== 'public' && publicKey.type !== 'private') throw makeError(TypeError, 'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE', 'Invalid key object type ' + publicKey.type + ', expected private or public.');
    const a = privateKey.asymmetricKeyType, b = publicKey.asymmetricKeyType;
    if (a !== b || !dhKeyTypes.includes(a)) throw makeError(Error, 'ERR_CRYPTO_INCOMPATIBLE_KEY', 'Incompatible key types for Diffie-Hellman: ' + a + ' and ' + b);
    const out = host.pkey('dh', privateKey[kInfo].pem, publicKey[kInfo].public);
    if (out === 'mismatch') throw opensslError('1C8000CB', 'Provider routines', 'mismatching domain parameters', 'ERR_OSSL_MISMATCHING_DOMAIN_PARAMETERS');
    if (out === undefined) throw makeError(Error, 'ERR_CRYPTO_OPERATION_FAILED', 'Failed to derive shared secret');
    const secret = Buffer.from(out);
    if (major < 24 || typeof callback !== 'function') return secret;
    host.poolJob('crypto.diffieHellman', host.cost('random'), false, () => callback(null, secret));
    return undefined;
  }

  // ---- FIPS and engines ---------------------------------------------------------------
  // Node's binaries carry no FIPS provider. Node 10 refuses every setFips; OpenSSL 3
  // releases turn the default property on, after which every algorithm is unavailable:
  // that state is refused rather than simulated. Engines: OpenSSL's built-in dynamic and
  // rdrand (and padlock from OpenSSL 3) load, as a no-op here; any other id is not found.
  function setFips(val) {
    if (nodeMajor() < 12) throw makeError(Error, 'ERR_CRYPTO_FIPS_UNAVAILABLE', 'Cannot set FIPS mode in a non-FIPS build.');
    if (val) return internals.unsupported('crypto.setFips(true)', 'FIPS mode: these Node builds have no FIPS provider, so every algorithm fails after it; not simulated');
    return undefined;
  }
  function setEngine(id, flags) {
    if (typeof id !== 'string') throw invalidArgType('id', 'of type string', id);
    if (flags !== undefined && typeof flags !== 'number') throw invalidArgType('flags', 'of type number', flags);
    const engines = nodeMajor() < 12 ? ['dynamic', 'rdrand'] : ['dynamic', 'rdrand', 'padlock'];
    if (!engines.includes(id)) throw makeError(Error, 'ERR_CRYPTO_ENGINE_UNKNOWN', 'Engine "' + id + '" was not found');
    return undefined;
  }

  // ---- webcrypto: getRandomValues, randomUUID and subtle.digest -----------------------
  const webNames = { 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-384': 'sha384', 'SHA-512': 'sha512' };
  const subtle = {
    // digest: one pool job, then the promise resolves with an ArrayBuffer.
    digest(algorithm, data) {
      const name = typeof algorithm === 'object' && algorithm !== null ? algorithm.name : algorithm;
      const alg = webNames[String(name).toUpperCase()];
      if (!alg) {
        const e = new Error('Unrecognized algorithm name');
        Object.defineProperty(e, 'name', { value: 'NotSupportedError', configurable: true, writable: true }); // a DOMException in Node
        return Promise.reject(e);
      }
      const input = Buffer.from(toBuffer(bytes(data, 'data')));
      return new Promise((resolve) => host.poolJob('crypto.subtle.digest', host.cost('random'), false, () => resolve(host.hash(alg, input))));
    },
  };
  for (const m of ['encrypt', 'decrypt', 'sign', 'verify', 'generateKey', 'deriveKey', 'deriveBits', 'importKey', 'exportKey', 'wrapKey', 'unwrapKey']) {
    subtle[m] = () => internals.unsupported('crypto.subtle.' + m + '()', 'WebCrypto keys and ciphers are not simulated (subtle.digest is)');
  }
  const webcrypto = { subtle, getRandomValues, randomUUID };

  Object.assign(exports, {
    pbkdf2, pbkdf2Sync, scrypt, scryptSync, hkdf, hkdfSync,
    randomBytes, randomFill, randomFillSync, randomInt, randomUUID, randomUUIDv7, getRandomValues,
    Hash, Hmac, hash, timingSafeEqual, KeyObject, createSecretKey, generateKey, generateKeySync,
    createPrivateKey, createPublicKey, generateKeyPair, generateKeyPairSync, sign, verify, Sign, Verify,
    createSign: (algorithm) => new Sign(algorithm), createVerify: (algorithm) => new Verify(algorithm),
    publicEncrypt: (key, buffer) => rsaCrypt('encrypt', key, buffer), privateDecrypt: (key, buffer) => rsaCrypt('decrypt', key, buffer),
    privateEncrypt: (key, buffer) => rsaCrypt('privenc', key, buffer), publicDecrypt: (key, buffer) => rsaCrypt('pubdec', key, buffer),
    checkPrime, checkPrimeSync, generatePrime, generatePrimeSync,
    Cipheriv, Decipheriv, getCipherInfo, getCiphers: () => Object.keys(cipherNids).sort(),
    createCipheriv: (algorithm, key, iv, options) => new Cipheriv(algorithm, key, iv, options),
    createDecipheriv: (algorithm, key, iv, options) => new Decipheriv(algorithm, key, iv, options),
    createHash: (algorithm, options) => new Hash(algorithm, options),
    createHmac: (hmac, key, options) => new Hmac(hmac, key, options),
    getHashes: () => hashNames.slice(),
    getFips: () => 0, setFips, setEngine,
    getCurves: () => curveNames.slice(),
    ECDH, createECDH: (curve) => new ECDH(curve),
    DiffieHellman, DiffieHellmanGroup, diffieHellman,
    createDiffieHellman: (sizeOrKey, keyEncoding, generator, genEncoding) => new DiffieHellman(sizeOrKey, keyEncoding, generator, genEncoding),
    createDiffieHellmanGroup: (name) => new DiffieHellmanGroup(name),
    getDiffieHellman: (name) => new DiffieHellmanGroup(name),
    secureHeapUsed: () => ({ total: 0, used: 0, utilization: NaN, min: 2 }),
    webcrypto, subtle,
    X509Certificate: internals.builtin('x509').X509Certificate,
    constants: internals.nodeValues('crypto').constants,
  });

  // ---- argon2 (Node 24.7+; sim/argon2.go) ------------------------------------------------
  // argon2(algorithm, parameters, callback) is one pool job and argon2Sync that work on the
  // main thread; their time is the work, memory KiB x passes, priced from scrypt's
  // (Costs.ScryptUS is ~80000 such block computations); the memory counts against the
  // run's heap limit while the derivation runs (Go's opArgon2).
  {
    const MAX_UINT32 = 2 ** 32 - 1;
    const argon2Types = { __proto__: null, argon2d: 0, argon2i: 1, argon2id: 2 };
    // validateInteger and validateUint32(positive) of Node's validators.
    const integer = (v, name, min, max) => {
      if (typeof v !== 'number') throw invalidArgType(name, 'of type number', v);
      if (!Number.isInteger(v)) throw outOfRange(name, 'an integer', v);
      if (v < min || v > max) throw outOfRange(name, '>= ' + min + ' && <= ' + max, v);
    };
    // getArrayBufferOrView: a string is its UTF-8 bytes.
    const bufferOrView = (v, name) => {
      if (v instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && v instanceof SharedArrayBuffer)) return v;
      if (typeof v === 'string') return Buffer.from(v);
      if (!ArrayBuffer.isView(v)) {
        if (name === undefined) {
          throw makeError(Error, 'ERR_INTERNAL_ASSERTION', "'name' must be a string\nThis is caused by either a bug in Node.js or incorrect usage of Node.js internals.\n" +
            'Please open an issue with this stack trace at https://github.com/nodejs/node/issues\n');
        }
        throw invalidArgType(name, 'of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView', v);
      }
      return v;
    };
    // check is Node's: the algorithm, then each parameter in its order.
    const check = (algorithm, parameters) => {
      if (typeof algorithm !== 'string') throw invalidArgType('algorithm', 'of type string', algorithm);
      if (!(algorithm in argon2Types)) {
        throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'algorithm' must be one of: 'argon2d', 'argon2i', 'argon2id'. Received " +
          internals.inspect(algorithm));
      }
      if (parameters === null || typeof parameters !== 'object') throw invalidArgType('parameters', 'of type object', parameters);
      const { parallelism, tagLength, memory, passes } = parameters;
      const message = bufferOrView(parameters.message, 'parameters.message');
      integer(message.byteLength, 'parameters.message.byteLength', 0, MAX_UINT32);
      const nonce = bufferOrView(parameters.nonce, 'parameters.nonce');
      integer(nonce.byteLength, 'parameters.nonce.byteLength', 8, MAX_UINT32);
      integer(parallelism, 'parameters.parallelism', 1, 2 ** 24 - 1);
      integer(tagLength, 'parameters.tagLength', 4, MAX_UINT32);
      integer(memory, 'parameters.memory', 8 * parallelism, MAX_UINT32);
      integer(passes, 'parameters.passes', 1, MAX_UINT32);
      // R-V28: before Node 26.7 the secret and the associated data were checked without a
      // name (a bad one was ERR_INTERNAL_ASSERTION).
      const named = internals.hasChange('R-V28');
      const secret = parameters.secret === undefined ? new Uint8Array(0) : bufferOrView(parameters.secret, named ? 'parameters.secret' : undefined);
      const associatedData = parameters.associatedData === undefined ? new Uint8Array(0)
        : bufferOrView(parameters.associatedData, named ? 'parameters.associatedData' : undefined);
      return { type: argon2Types[algorithm], message, nonce, secret, associatedData, parallelism, tagLength, memory, passes };
    };
    const argon2Cost = (p) => Math.max(1, Math.round(p.memory * p.passes * host.cost('scrypt') / 80000));
    const derive = (p) => Buffer.from(host.argon2(p.type, p.message, p.nonce, p.secret, p.associatedData, p.parallelism, p.tagLength, p.memory, p.passes));
    exports.argon2 = function argon2(algorithm, parameters, callback) {
      const p = check(algorithm, parameters);
      validateFunction(callback, 'callback');
      host.poolJob('crypto.argon2 (' + algorithm + ', ' + p.memory + ' KiB x ' + p.passes + ')', argon2Cost(p), false, () => callback(null, derive(p)));
    };
    exports.argon2Sync = function argon2Sync(algorithm, parameters) {
      const p = check(algorithm, parameters);
      host.cpu(argon2Cost(p));
      return derive(p);
    };
  }
})
