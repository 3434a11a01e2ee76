// zlib.js: gzip/gunzip on the thread pool (R-P4), and their Sync forms on the main thread.
(function (exports, internals) {
  'use strict';
  const { host, makeError, validateFunction } = internals;
  const { Buffer } = internals.builtin('buffer');
  function input(v) { return typeof v === 'string' ? Buffer.from(v) : v; }
  function cost(buf) { return Math.max(50, Math.round(buf.length / 1024 * host.cost('zlibkb'))); }
  function gunzipBytes(buf) {
    const out = host.gunzip(buf);
    if (out === undefined) throw makeError(Error, 'Z_DATA_ERROR', 'incorrect header check', { errno: -3 });
    return Buffer.from(out);
  }
  function async(name, fn) {
    return function (data, options, callback) {
      if (typeof options === 'function') callback = options;
      validateFunction(callback, 'callback');
      const buf = input(data);
      host.poolJob('zlib.' + name, cost(buf), false, () => {
        let out;
        try { out = fn(buf); } catch (e) { callback(e); return; }
        callback(null, out);
      });
    };
  }
  function sync(fn) { return function (data) { const buf = input(data); host.cpu(cost(buf)); return fn(buf); }; }
  const gzipBytes = (buf) => Buffer.from(host.gzip(buf));
  Object.assign(exports, {
    gzip: async('gzip', gzipBytes), gunzip: async('gunzip', gunzipBytes),
    gzipSync: sync(gzipBytes), gunzipSync: sync(gunzipBytes),
    deflate: async('deflate', gzipBytes), inflate: async('inflate', gunzipBytes),
    deflateSync: sync(gzipBytes), inflateSync: sync(gunzipBytes),
    unzip: async('unzip', gunzipBytes), unzipSync: sync(gunzipBytes),
    createGzip: () => internals.unsupported('zlib.createGzip()'), createGunzip: () => internals.unsupported('zlib.createGunzip()'),
    constants: { Z_NO_FLUSH: 0, Z_FINISH: 4, Z_BEST_SPEED: 1, Z_BEST_COMPRESSION: 9 },
  });
})
