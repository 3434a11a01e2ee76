// zlib.js: node:zlib. The convenience functions (gzip, deflate, brotliCompress...) take
// two pool round trips as Node's do (R-P4): the data written with Z_FINISH, then the
// stream's flush; their Sync forms run on the main thread. The classes (createGzip...)
// are Transform streams: each write is a pool job, the header comes out with the first
// write and the rest at the end. Formats are real (sim/zlib.go); zstd is refused.
(function (exports, internals) {
  'use strict';
  const { host, makeError, validateFunction, invalidArgType } = internals;
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
  // run is one operation in Go; bad input throws zlib's error.
  function run(kind, buf, options) {
    const level = options && options.level !== undefined && options.level !== -1 ? options.level : undefined;
    const out = host.zlib(kind, buf, level);
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
      let out, err = null;
      host.poolJob('zlib.' + name + ': write', cost(buf), false, () => {
        try { out = run(kinds[name], buf, options); } catch (e) { err = e; }
        if (err) { callback(err); return; }
        host.poolJob('zlib.' + name + ': flush', 1, false, () => callback(null, out));
      });
    } }[name];
  }
  function syncForm(name) {
    return { [name + 'Sync'](data, options) { const buf = input(data); host.cpu(cost(buf)); return run(kinds[name], buf, options); } }[name + 'Sync'];
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
  exports.crc32 = function crc32(data, value = 0) {
    if (typeof value !== 'number') throw invalidArgType('value', 'of type number', value);
    return host.crc32(input(data, 'data'), value);
  };
  exports.constants = values.constants;
  exports.codes = values.codes;
})
