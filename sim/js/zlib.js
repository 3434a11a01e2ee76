// zlib.js: node:zlib. The convenience functions (gzip, deflate, brotliCompress...) take
// two pool round trips as Node's do (R-P4): the data written with Z_FINISH, then the
// stream's flush; their Sync forms run on the main thread. The classes (createGzip...)
// are Transform streams: each write is a pool job, the header comes out with the first
// write and the rest at the end. Formats are real (sim/zlib.go).
// zstd (ZstdCompress, zstdCompress...) is built as Node builds it: a Transform over one
// libzstd context (sim/zstd.go), each write one call on the pool (and one more per
// chunkSize of output, as Node's output buffer fills), the end one more call with
// ZSTD_e_end; the convenience forms are that stream, their Sync forms one call.
(function (exports, internals) {
  'use strict';
  const { host, makeError, validateFunction, invalidArgType, outOfRange } = internals;
  const { Buffer } = internals.builtin('buffer');
  const values = internals.nodeValues('zlib');

  function input(v, name = 'buffer') {
    if (typeof v === 'string') return Buffer.from(v);
    if (ArrayBuffer.isView(v)) return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
    if (v instanceof ArrayBuffer) return Buffer.from(v);
    throw invalidArgType(name, 'of type string or an instance of Buffer, TypedArray, DataView, or ArrayBuffer', v);
  }
  function cost(buf) { return Math.max(50, Math.round(buf.length / 1024 * host.cost('zlibkb'))); }
  const codes = { Z_DATA_ERROR: -3, Z_BUF_ERROR: -5, ERR__ERROR_FORMAT_PADDING_1: -14 };
  const messages = {
    Z_BUF_ERROR: 'unexpected end of file', ERR__ERROR_FORMAT_PADDING_1: 'Decompression failed',
    inflateRaw: 'invalid block type',
  };
  // run is one operation in Go; bad input throws zlib's error, output past max (the
  // convenience forms' options.maxOutputLength) Node's ERR_BUFFER_TOO_LARGE.
  function run(kind, buf, options, max) {
    const level = options && options.level !== undefined && options.level !== -1 ? options.level : undefined;
    const out = host.zlib(kind, buf, level, max);
    if (out === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(max);
    if (typeof out === 'string') {
      const message = messages[out] || (kind === 'inflateRaw' ? messages.inflateRaw : 'incorrect header check');
      throw Object.assign(new Error(message), { errno: codes[out], code: out }); // Node's order
    }
    return Buffer.from(out);
  }
  // The operations and their inverse: name -> Go's kind.
  const kinds = {
    gzip: 'gzip', gunzip: 'gunzip', deflate: 'deflate', inflate: 'inflate', deflateRaw: 'deflateRaw',
    inflateRaw: 'inflateRaw', unzip: 'unzip', brotliCompress: 'brotliCompress', brotliDecompress: 'brotliDecompress',
  };
  function asyncForm(name) {
    return { [name](data, options, callback) {
      if (typeof options === 'function') { callback = options; options = undefined; }
      validateFunction(callback, 'callback');
      const buf = input(data);
      const max = maxOutput(options);
      let out, err = null;
      host.poolJob('zlib.' + name + ': write', cost(buf), false, () => {
        try { out = run(kinds[name], buf, options, max); } catch (e) { err = e; }
        if (err) { callback(err); return; }
        host.poolJob('zlib.' + name + ': flush', 1, false, () => callback(null, out));
      });
    } }[name];
  }
  function syncForm(name) {
    return { [name + 'Sync'](data, options) { const buf = input(data); const max = maxOutput(options); host.cpu(cost(buf)); return run(kinds[name], buf, options, max); } }[name + 'Sync'];
  }
  // maxOutput is a convenience form's options.maxOutputLength (undefined: kMaxLength);
  // Node 14.5 brought the option (Node 10 ignores it).
  function maxOutput(options) {
    if (!options || internals.nodeMajor < 14) return undefined;
    return checkRange(options.maxOutputLength, 'options.maxOutputLength', 1, kMaxLength, undefined);
  }

  // headerLength: the bytes a compressor gives out on its first write (gzip's and
  // zlib's headers; raw deflate and brotli give nothing before the end).
  const headerLength = { gzip: 10, deflate: 2 };
  // makeStream is the Transform of one operation (Node's Gzip, Inflate, ...).
  function makeStream(name, options) {
    const { Transform } = internals.builtin('stream');
    const kind = kinds[name];
    const chunks = [];
    let headerSent = false;
    let stream;
    const transform = (chunk, encoding, cb) => {
      const buf = input(chunk, 'chunk');
      chunks.push(buf);
      host.poolJob('zlib.' + kind + ': write', cost(buf), false, () => {
        if (!headerSent && headerLength[kind]) {
          headerSent = true;
          let out;
          try { out = run(kind, Buffer.alloc(0), options); } catch (e) { cb(e); return; }
          cb(null, out.subarray(0, headerLength[kind]));
          return;
        }
        cb();
      });
    };
    const flush = (cb) => {
      const all = Buffer.concat(chunks);
      host.poolJob('zlib.' + kind + ': flush', cost(all), false, () => {
        let out;
        try { out = run(kind, all, options); } catch (e) { cb(e); return; }
        stream.bytesWritten = all.length;
        cb(null, headerSent ? out.subarray(headerLength[kind]) : out);
      });
    };
    stream = new Transform({ transform, flush, highWaterMark: options && options.highWaterMark });
    stream.bytesWritten = 0;
    stream._handle = {};
    stream.close = (cb) => { if (cb) stream.once('close', cb); stream.destroy(); };
    stream.flush = (kindOrCb, cb) => { const done = typeof kindOrCb === 'function' ? kindOrCb : cb; if (done) internals.process.nextTick(done); };
    stream.params = (level, strategy, cb) => { if (cb) internals.process.nextTick(cb); };
    stream.reset = () => {};
    return stream;
  }
  const classNames = {
    Gzip: 'gzip', Gunzip: 'gunzip', Deflate: 'deflate', Inflate: 'inflate', DeflateRaw: 'deflateRaw',
    InflateRaw: 'inflateRaw', Unzip: 'unzip', BrotliCompress: 'brotliCompress', BrotliDecompress: 'brotliDecompress',
  };
  for (const [cls, name] of Object.entries(classNames)) {
    // Node's classes work with and without new; both give the Transform.
    exports[cls] = { [cls]: function (options) { return makeStream(name, options); } }[cls];
    exports['create' + cls] = { ['create' + cls]: (options) => makeStream(name, options) }['create' + cls];
  }
  for (const name of Object.keys(kinds)) {
    exports[name] = asyncForm(name);
    exports[name + 'Sync'] = syncForm(name);
  }
  // ---- zstd ----------------------------------------------------------------------------
  const C = values.constants;
  const maxParam = (prefix) => Math.max(...Object.keys(C).map((k) => (k.startsWith(prefix) ? C[k] : 0)));
  const kMaxZstdCParam = maxParam('ZSTD_c_');
  const kMaxZstdDParam = maxParam('ZSTD_d_');
  const kFlushFlag = Symbol('kFlushFlag');
  const kCtx = Symbol('kCtx');
  const { kMaxLength } = internals.builtin('buffer'); // the default options.maxOutputLength
  const tooLarge = (max) => makeError(RangeError, 'ERR_BUFFER_TOO_LARGE', 'Cannot create a Buffer larger than ' + max + ' bytes');
  // checkRange is Node's checkRangesOrGetDefault.
  function checkRange(v, name, lo, hi, def) {
    if (v === undefined || v === null) return def;
    if (typeof v !== 'number') throw invalidArgType(name, 'of type number', v);
    if (!Number.isFinite(v)) throw outOfRange(name, 'a finite number', v);
    if (v < lo || v > hi) throw outOfRange(name, '>= ' + lo + ' and <= ' + hi, v);
    return v;
  }
  // zstdParams is options.params as Node's constructor checks them, then as the pairs
  // (key, value as the C int libzstd gets) Node's binding sets, in key order.
  function zstdParams(opts, compress) {
    const max = compress ? kMaxZstdCParam : kMaxZstdDParam;
    const set = new Map();
    if (opts && opts.params) {
      for (const origKey of Object.keys(opts.params)) {
        const key = +origKey;
        if (Number.isNaN(key) || key < 0 || key > max || !Number.isInteger(key) || (set.has(key) && set.get(key) !== 0xFFFFFFFF)) {
          throw makeError(RangeError, 'ERR_ZSTD_INVALID_PARAM', origKey + ' is not a valid zstd parameter');
        }
        const value = opts.params[origKey];
        if (typeof value !== 'number' && typeof value !== 'boolean') throw invalidArgType('options.params[key]', 'of type number', value);
        set.set(key, new Uint32Array([value])[0]);
      }
    }
    const keys = [...set.keys()].filter((k) => set.get(k) !== 0xFFFFFFFF).sort((a, b) => a - b);
    const pairs = new Int32Array(keys.length * 2);
    keys.forEach((k, i) => { pairs[2 * i] = k; pairs[2 * i + 1] = set.get(k) | 0; });
    return pairs;
  }
  // zstdContext is the constructor's work: the parameters, libzstd's context, then
  // ZlibBase's options.
  function zstdContext(opts, compress) {
    const pairs = zstdParams(opts, compress);
    const pledged = opts && opts.pledgedSrcSize != null ? opts.pledgedSrcSize : undefined;
    const id = host.zstdOpen(compress, pairs, pledged);
    if (typeof id === 'string') throw makeError(Error, 'ERR_ZLIB_INITIALIZATION_FAILED', id);
    const ctx = { id, compress, chunk: C.Z_DEFAULT_CHUNK, offset: 0, flush: C.ZSTD_e_continue, finish: C.ZSTD_e_end, maxOutputLength: kMaxLength };
    if (opts) {
      const cs = opts.chunkSize;
      if (cs !== undefined && cs !== null) {
        if (typeof cs !== 'number') throw invalidArgType('options.chunkSize', 'of type number', cs);
        if (Number.isFinite(cs)) {
          if (cs < C.Z_MIN_CHUNK) throw outOfRange('options.chunkSize', '>= ' + C.Z_MIN_CHUNK, cs);
          ctx.chunk = cs;
        }
      }
      ctx.flush = checkRange(opts.flush, 'options.flush', C.ZSTD_e_continue, C.ZSTD_e_end, ctx.flush);
      ctx.finish = checkRange(opts.finishFlush, 'options.finishFlush', C.ZSTD_e_continue, C.ZSTD_e_end, ctx.finish);
      ctx.maxOutputLength = checkRange(opts.maxOutputLength, 'options.maxOutputLength', 1, kMaxLength, kMaxLength);
    }
    return ctx;
  }
  // zstdCall is one call of libzstd: what it gives out, or it throws libzstd's error.
  function zstdCall(ctx, buf, directive) {
    const out = host.zstdWrite(ctx.id, buf, directive);
    if (typeof out === 'string') {
      const [code, errno, ...words] = out.split(' ');
      throw Object.assign(new Error(words.join(' ')), { errno: +errno, code });
    }
    return Buffer.from(out);
  }
  // zstdPieces splits a call's output as Node's output buffer does: each handle.write
  // fills at most the buffer's free room and a full buffer makes one more write.
  function zstdPieces(ctx, out) {
    const list = [];
    let i = 0;
    for (;;) {
      const room = ctx.chunk - ctx.offset;
      const n = Math.min(room, out.length - i);
      list.push(out.subarray(i, i + n));
      i += n;
      ctx.offset += n;
      if (n === room || ctx.offset >= ctx.chunk) ctx.offset = 0;
      if (n !== room) return list;
    }
  }
  function zstdLabel(ctx) { return 'zlib.' + (ctx.compress ? 'zstdCompress' : 'zstdDecompress') + ': write'; }

  function makeZstd(compress, opts) {
    const { Transform } = internals.builtin('stream');
    const ctx = zstdContext(opts, compress);
    let stream, done = false;
    // process is processChunk: one pool job per handle.write.
    const process = (buf, directive, cb) => {
      if (done) { internals.process.nextTick(cb); return; }
      host.poolJob(zstdLabel(ctx), cost(buf), false, () => {
        if (stream.destroyed) { cb(); return; }
        let list;
        try { list = zstdPieces(ctx, zstdCall(ctx, buf, directive)); } catch (e) { done = true; cb(e); return; }
        stream.bytesWritten += buf.length;
        let k = 0;
        const next = () => {
          if (list[k].length) stream.push(list[k]);
          if (++k < list.length) { host.poolJob(zstdLabel(ctx), cost(list[k]), false, next); return; }
          if (!ctx.compress && host.zstdEnded(ctx.id) > 0) { done = true; stream.push(null); }
          cb();
        };
        next();
      });
    };
    const transform = (chunk, encoding, cb) => {
      let directive = typeof chunk[kFlushFlag] === 'number' ? chunk[kFlushFlag] : ctx.flush;
      if (stream.writableEnded && stream.writableLength === chunk.byteLength) directive = Math.max(directive, ctx.finish);
      process(chunk, directive, cb);
    };
    const flush = (cb) => transform(Buffer.alloc(0), '', cb);
    const o = { ...opts };
    delete o.transform; delete o.flush;
    o.encoding = null; o.objectMode = false; o.writableObjectMode = false;
    stream = new Transform({ autoDestroy: true, ...o, transform, flush });
    stream.bytesWritten = 0;
    stream._handle = {};
    stream[kCtx] = ctx;
    stream.on('close', () => host.zstdClose(ctx.id));
    stream.close = (cb) => { if (cb) stream.once('close', cb); stream.destroy(); };
    stream.flush = (kind, cb) => {
      if (typeof kind === 'function' || (kind === undefined && !cb)) { cb = kind; kind = C.ZSTD_e_flush; }
      if (stream.writableFinished) { if (cb) internals.process.nextTick(cb); } else if (stream.writableEnded) { if (cb) stream.once('end', cb); } else {
        const marker = Buffer.alloc(0);
        marker[kFlushFlag] = kind;
        stream.write(marker, '', cb);
      }
    };
    stream.reset = () => {};
    const cls = compress ? ZstdCompress : ZstdDecompress;
    if (Object.getPrototypeOf(cls.prototype) !== Transform.prototype) {
      Object.setPrototypeOf(cls.prototype, Transform.prototype);
      // ZlibBase's _final calls back at once: 'finish' comes before the flush's output.
      Object.defineProperty(cls.prototype, '_final', { value: function _final(cb) { cb(); }, writable: true, configurable: true });
    }
    Object.setPrototypeOf(stream, cls.prototype);
    return stream;
  }
  // Node's classes (new is required); their instances are the Transform of makeZstd.
  class ZstdCompress { constructor(options) { return makeZstd(true, options); } }
  class ZstdDecompress { constructor(options) { return makeZstd(false, options); } }
  exports.ZstdCompress = ZstdCompress;
  exports.ZstdDecompress = ZstdDecompress;
  exports.createZstdCompress = function (options) { return new ZstdCompress(options); };
  exports.createZstdDecompress = function (options) { return new ZstdDecompress(options); };
  for (const [name, compress] of [['zstdCompress', true], ['zstdDecompress', false]]) {
    exports[name] = { [name](buffer, opts, callback) {
      if (typeof opts === 'function') { callback = opts; opts = {}; }
      // From R-V27 zstdCompress pledges the input's size (its header then says it).
      if (compress && internals.hasChange('R-V27') && (opts == null || opts.pledgedSrcSize === undefined)) {
        const utf8 = opts == null || opts.defaultEncoding == null || opts.defaultEncoding === 'utf8' || opts.defaultEncoding === 'utf-8';
        if (typeof buffer === 'string' ? utf8 : ArrayBuffer.isView(buffer) || buffer instanceof ArrayBuffer) {
          opts = { ...opts, pledgedSrcSize: typeof buffer === 'string' ? Buffer.byteLength(buffer) : buffer.byteLength };
        }
      }
      const engine = makeZstd(compress, opts);
      validateFunction(callback, 'callback');
      if (ArrayBuffer.isView(buffer) && !(buffer instanceof Uint8Array)) buffer = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
      else if (buffer instanceof ArrayBuffer) buffer = Buffer.from(buffer);
      const bufs = [];
      let nread = 0;
      engine.on('data', (d) => {
        bufs.push(d);
        nread += d.length;
        if (nread > engine[kCtx].maxOutputLength) { engine.close(); engine.removeAllListeners('end'); callback(tooLarge(engine[kCtx].maxOutputLength)); }
      });
      engine.on('error', (err) => { engine.removeAllListeners('end'); callback(err); });
      engine.on('end', () => { const out = Buffer.concat(bufs); engine.close(); callback(null, out); });
      engine.end(buffer);
    } }[name];
    exports[name + 'Sync'] = { [name + 'Sync'](buffer, opts) {
      const ctx = zstdContext(opts, compress);
      try {
        const buf = input(buffer);
        host.cpu(cost(buf));
        const out = zstdCall(ctx, buf, ctx.finish);
        if (out.length > ctx.maxOutputLength) throw tooLarge(ctx.maxOutputLength);
        return out;
      } finally { host.zstdClose(ctx.id); }
    } }[name + 'Sync'];
  }
  exports.crc32 = function crc32(data, value = 0) {
    if (typeof value !== 'number') throw invalidArgType('value', 'of type number', value);
    return host.crc32(input(data, 'data'), value);
  };
  exports.constants = values.constants;
  exports.codes = values.codes;
})
