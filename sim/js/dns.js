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
      if (!r) { callback(Object.assign(new Error('getaddrinfo ENOTFOUND ' + hostname), { errno: -3008, code: 'ENOTFOUND', syscall: 'getaddrinfo', hostname })); return; }
      if (all) callback(null, [r]); else callback(null, r.address, r.family);
    });
    return {};
  }
  // lookupService is getnameinfo on the pool (slow I/O, as lookup): a loopback address
  // is 'localhost', the port's service comes from /etc/services' common entries.
  const services = { 7: 'echo', 21: 'ftp', 22: 'ssh', 23: 'telnet', 25: 'smtp', 53: 'domain', 80: 'http', 110: 'pop3', 143: 'imap2', 443: 'https', 993: 'imaps', 995: 'pop3s', 3306: 'mysql', 5432: 'postgresql', 6379: 'redis' };
  function lookupService(address, port, callback) {
    if (arguments.length !== 3) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "address", "port", and "callback" arguments must be specified');
    if (family(String(address)) === 0) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'address' is invalid. Received '" + address + "'");
    const p = Number(port);
    if (typeof port !== 'number' && typeof port !== 'string' || !Number.isInteger(p) || p < 0 || p > 65535) throw makeError(RangeError, 'ERR_SOCKET_BAD_PORT', 'Port should be >= 0 and < 65536. Received ' + (typeof port === 'string' ? "type string ('" + port + "')" : 'type number (' + port + ')') + '.');
    validateFunction(callback, 'callback');
    host.poolJob('dns.lookupService ' + address, host.cost('dns'), true, () => {
      if (address !== '127.0.0.1' && address !== '::1') {
        callback(Object.assign(new Error('getnameinfo ENOTFOUND ' + address), { errno: -3008, code: 'ENOTFOUND', syscall: 'getnameinfo', hostname: address }));
        return;
      }
      callback(null, 'localhost', services[p] || String(p));
    });
    return {};
  }
  // The resolver's configuration: the simulated machine's DNS server and the order
  // lookup gives addresses in ('verbatim' since Node 17).
  let servers = ['127.0.0.53'];
  let order = 'verbatim';
  function setServers(list) {
    if (!Array.isArray(list)) throw internals.invalidArgType('servers', 'an instance of Array', list);
    servers = list.map(String);
  }
  function setDefaultResultOrder(o) {
    if (!['ipv4first', 'ipv6first', 'verbatim'].includes(o)) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'order' must be one of: 'verbatim', 'ipv4first', 'ipv6first'. Received '" + o + "'");
    order = o;
  }
  // Resolver: its own servers; its queries are the module's (refused: no DNS server on
  // the simulated network answers them).
  class Resolver {
    #servers = servers.slice();
    constructor(options) { this.options = options; }
    getServers() { return this.#servers.slice(); }
    setServers(list) { if (!Array.isArray(list)) throw internals.invalidArgType('servers', 'an instance of Array', list); this.#servers = list.map(String); }
    setLocalAddress() {}
    cancel() {}
  }
  for (const m of ['resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCaa', 'resolveCname', 'resolveMx', 'resolveNaptr', 'resolveNs', 'resolvePtr', 'resolveSoa', 'resolveSrv', 'resolveTlsa', 'resolveTxt', 'reverse']) {
    Resolver.prototype[m] = function (...args) { return exports[m](...args); };
  }
  Object.assign(exports, {
    lookup, lookupService, Resolver, setServers, getServers: () => servers.slice(),
    setDefaultResultOrder, getDefaultResultOrder: () => order,
  });
  exports.promises = {
    lookup: (hostname, options) => new Promise((resolve, reject) => lookup(hostname, options || {}, (err, address, fam) => {
      if (err) reject(err); else resolve(Array.isArray(address) ? address : { address, family: fam });
    })),
    lookupService: (address, port) => new Promise((resolve, reject) => lookupService(address, port, (err, hostname, service) => {
      if (err) reject(err); else resolve({ hostname, service });
    })),
    Resolver: { Resolver: class extends Resolver {} }.Resolver, // its own class, as Node's
    setServers, getServers: () => servers.slice(), setDefaultResultOrder, getDefaultResultOrder: () => order,
  };
})
