// dns.js: dns.lookup is getaddrinfo on the thread pool ("slow I/O", at most half the
// threads, R-P4); an IP literal needs no lookup and calls back via process.nextTick [DNS].
(function (exports, internals) {
  'use strict';
  const { host, makeError, validateFunction } = internals;
  const ipv4 = /^(\d{1,3}\.){3}\d{1,3}$/;
  function family(h) { return ipv4.test(h) ? 4 : (h.includes(':') ? 6 : 0); }
  function resolveName(h) {
    if (h === 'localhost' || h === 'ip6-localhost') return { address: '127.0.0.1', family: 4 };
    return null;
  }
  function lookup(hostname, options, callback) {
    if (typeof options === 'function') { callback = options; options = {}; }
    validateFunction(callback, 'callback');
    const all = options && typeof options === 'object' && options.all;
    const fam = family(String(hostname));
    if (fam !== 0) {
      internals.process.nextTick(callback, null, all ? [{ address: hostname, family: fam }] : hostname, all ? undefined : fam);
      return {};
    }
    host.poolJob('dns.lookup ' + hostname, host.cost('dns'), true, () => {
      const r = resolveName(String(hostname));
      if (!r) { callback(makeError(Error, 'ENOTFOUND', 'getaddrinfo ENOTFOUND ' + hostname, { errno: -3008, syscall: 'getaddrinfo', hostname })); return; }
      if (all) callback(null, [r]); else callback(null, r.address, r.family);
    });
    return {};
  }
  exports.lookup = lookup;
  exports.promises = {
    lookup: (hostname, options) => new Promise((resolve, reject) => lookup(hostname, options || {}, (err, address, fam) => {
      if (err) reject(err); else resolve(Array.isArray(address) ? address : { address, family: fam });
    })),
  };
  exports.resolve = () => internals.unsupported('dns.resolve()');
  exports.resolve4 = exports.resolve;
})
