// crypto.js: the thread-pool crypto functions (R-P4) and their Sync forms. pbkdf2 costs
// iterations x Costs.PBKDF2PerIterationNS (1e6 sha256 iterations = 100 ms by default).
(function (exports, internals) {
  'use strict';
  const { host, invalidArgType, makeError, validateFunction } = internals;
  const { Buffer } = internals.builtin('buffer');

  function bytes(v, name) {
    if (typeof v === 'string') return Buffer.from(v);
    if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return v;
    throw invalidArgType(name, 'of type string or an instance of ArrayBuffer, Buffer, TypedArray, or DataView', v);
  }
  function pbkdf2Cost(iterations) { return Math.max(1, Math.round(iterations * host.cost('pbkdf2ns') / 1000)); }
  function derive(password, salt, iterations, keylen, digest) {
    const out = host.pbkdf2(bytes(password, 'password'), bytes(salt, 'salt'), iterations, keylen, digest);
    if (out === undefined) throw makeError(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', 'Invalid digest: ' + digest);
    return Buffer.from(out);
  }

  function pbkdf2(password, salt, iterations, keylen, digest, callback) {
    validateFunction(callback, 'callback');
    bytes(password, 'password'); bytes(salt, 'salt');
    host.poolJob('crypto.pbkdf2 (' + iterations + ' iterations)', pbkdf2Cost(iterations), false, () => {
      let key;
      try { key = derive(password, salt, iterations, keylen, digest); } catch (e) { callback(e); return; }
      callback(null, key);
    });
  }
  function pbkdf2Sync(password, salt, iterations, keylen, digest) {
    host.cpu(pbkdf2Cost(iterations));
    return derive(password, salt, iterations, keylen, digest);
  }
  function scryptCost(options) { const n = (options && (options.N || options.cost)) || 16384; return Math.round(host.cost('scrypt') * n / 16384); }
  function scrypt(password, salt, keylen, options, callback) {
    if (typeof options === 'function') { callback = options; options = undefined; }
    validateFunction(callback, 'callback');
    host.poolJob('crypto.scrypt', scryptCost(options), false, () => {
      callback(null, Buffer.from(host.scrypt(bytes(password, 'password'), bytes(salt, 'salt'), keylen, (options && (options.N || options.cost)) || 16384)));
    });
  }
  function scryptSync(password, salt, keylen, options) {
    host.cpu(scryptCost(options));
    return Buffer.from(host.scrypt(bytes(password, 'password'), bytes(salt, 'salt'), keylen, (options && (options.N || options.cost)) || 16384));
  }
  function randomBytes(size, callback) {
    if (callback === undefined) return Buffer.from(host.randomBytes(size));
    validateFunction(callback, 'callback');
    host.poolJob('crypto.randomBytes', host.cost('random'), false, () => callback(null, Buffer.from(host.randomBytes(size))));
  }
  function randomFill(buf, ...rest) {
    const callback = rest[rest.length - 1];
    validateFunction(callback, 'callback');
    host.poolJob('crypto.randomFill', host.cost('random'), false, () => { buf.set(Buffer.from(host.randomBytes(buf.length))); callback(null, buf); });
  }
  function randomFillSync(buf) { buf.set(Buffer.from(host.randomBytes(buf.length))); return buf; }
  function randomInt(min, max, callback) {
    if (max === undefined || typeof max === 'function') { callback = max; max = min; min = 0; }
    const v = min + Math.floor(Math.random() * (max - min));
    if (typeof callback === 'function') { internals.process.nextTick(callback, null, v); return undefined; }
    return v;
  }
  function randomUUID() {
    const b = Buffer.from(host.randomBytes(16));
    b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
    const h = b.toString('hex');
    return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
  }
  class Hash {
    constructor(alg) { this.alg = alg; this.chunks = []; if (host.hash(alg, '') === undefined) throw new Error('Digest method not supported'); }
    update(data, enc) { this.chunks.push(typeof data === 'string' ? Buffer.from(data, enc) : data); return this; }
    digest(enc) { const d = Buffer.from(host.hash(this.alg, Buffer.concat(this.chunks))); return enc ? d.toString(enc) : d; }
  }
  Object.assign(exports, {
    pbkdf2, pbkdf2Sync, scrypt, scryptSync, randomBytes, randomFill, randomFillSync, randomInt, randomUUID,
    createHash: (alg) => new Hash(alg),
    getHashes: () => ['md5', 'sha1', 'sha256', 'sha384', 'sha512'],
  });
})
