// dns.js: dns.lookup is getaddrinfo on the thread pool ("slow I/O", at most half the
// threads, R-P4); an IP literal needs no lookup and calls back via process.nextTick [DNS].
// The queries (resolve*, reverse) are c-ares on the network, never the pool (R-P7): a
// Resolver sends each to its servers in order; the simulated machine's DNS server
// (127.0.0.53, what getServers() reports) answers from the scenario's zone after the
// scenario's dns_query_us (NXDOMAIN: ENOTFOUND; a known name without the type: ENODATA);
// any other server has nothing listening on the isolated network, so each of its tries
// is refused within a loopback round trip (ECONNREFUSED after tries x servers). The
// callback runs as Node's native immediate, in the check phase before setImmediate
// callbacks (sim/dns.go). Argument checks and error shapes are Node 24's
// (lib/internal/dns/callback_resolver.js, promises.js, utils.js).
(function (exports, internals) {
  'use strict';
  const { host, makeError, validateFunction, invalidArgType, outOfRange } = internals;
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

  // ---- the queries --------------------------------------------------------------------
  const SIM_SERVER = '127.0.0.53';
  const isIP = (s) => internals.builtin('net').isIP(s);
  function validateString(v, name) { if (typeof v !== 'string') throw invalidArgType(name, 'of type string', v); }
  function validateInt(v, name, min, max) {
    if (typeof v !== 'number') throw invalidArgType(name, 'of type number', v);
    if (!Number.isInteger(v)) throw outOfRange(name, 'an integer', v);
    if (v < min || v > max) throw outOfRange(name, '>= ' + min + ' && <= ' + max, v);
  }
  // dnsException: Node's error of a failed query, '<syscall> <code> <hostname>'; errno is
  // undefined for c-ares's codes and libuv's number for EINVAL.
  function dnsException(code, syscall, hostname) {
    const e = new Error(syscall + ' ' + code + ' ' + hostname);
    e.errno = code === 'EINVAL' ? -22 : undefined;
    e.code = code;
    e.syscall = syscall;
    if (hostname) e.hostname = hostname;
    return e;
  }
  let zone;
  function zoneOf(name) {
    if (zone === undefined) zone = JSON.parse(host.dnsZone());
    const key = name.toLowerCase().replace(/\.$/, '');
    return Object.prototype.hasOwnProperty.call(zone, key) ? zone[key] : undefined;
  }
  const hex = (s) => { const b = new Uint8Array(s.length / 2); for (let i = 0; i < b.length; i++) b[i] = parseInt(s.substr(i * 2, 2), 16); return b.buffer; };
  const caa = (c) => { const o = { critical: c.critical }; for (const t of ['issue', 'issuewild', 'iodef']) if (c[t]) o[t] = c[t]; return o; };
  const shapes = {
    queryA: (z) => z.A, queryAaaa: (z) => z.AAAA, queryCname: (z) => z.CNAME, queryNs: (z) => z.NS, queryPtr: (z) => z.PTR,
    queryMx: (z) => z.MX && z.MX.map((m) => ({ exchange: m.exchange, priority: m.priority })),
    queryTxt: (z) => z.TXT && z.TXT.map((t) => t.slice()),
    querySrv: (z) => z.SRV && z.SRV.map((s) => ({ name: s.name, port: s.port, priority: s.priority, weight: s.weight })),
    queryNaptr: (z) => z.NAPTR && z.NAPTR.map((n) => ({ flags: n.flags, service: n.service, regexp: n.regexp, replacement: n.replacement, order: n.order, preference: n.preference })),
    querySoa: (z) => z.SOA && { nsname: z.SOA.nsname, hostmaster: z.SOA.hostmaster, serial: z.SOA.serial, refresh: z.SOA.refresh, retry: z.SOA.retry, expire: z.SOA.expire, minttl: z.SOA.minttl },
    queryCaa: (z) => z.CAA && z.CAA.map(caa),
    queryTlsa: (z) => z.TLSA && z.TLSA.map((t) => ({ certUsage: t.certUsage, selector: t.selector, match: t.match, data: hex(t.data) })),
    // ANY in the order cares_wrap.cc AnyTraits::Parse reads the answer: A (or CNAME),
    // AAAA, MX, NS, TXT, SRV, PTR, NAPTR, SOA, TLSA, CAA.
    queryAny: (z) => {
      const out = [];
      if (z.A) for (const address of z.A) out.push({ address, ttl: z.ttl, type: 'A' });
      else if (z.CNAME) for (const value of z.CNAME) out.push({ value, type: 'CNAME' });
      if (z.AAAA) for (const address of z.AAAA) out.push({ address, ttl: z.ttl, type: 'AAAA' });
      for (const m of shapes.queryMx(z) || []) out.push(Object.assign(m, { type: 'MX' }));
      for (const value of z.NS || []) out.push({ value, type: 'NS' });
      for (const entries of z.TXT || []) out.push({ entries: entries.slice(), type: 'TXT' });
      for (const s of shapes.querySrv(z) || []) out.push(Object.assign(s, { type: 'SRV' }));
      for (const value of z.PTR || []) out.push({ value, type: 'PTR' });
      for (const n of shapes.queryNaptr(z) || []) out.push(Object.assign(n, { type: 'NAPTR' }));
      if (z.SOA) out.push(Object.assign(shapes.querySoa(z), { type: 'SOA' }));
      for (const t of shapes.queryTlsa(z) || []) out.push(t);
      for (const c of z.CAA || []) out.push(Object.assign(caa(c), { type: 'CAA' }));
      return out.length ? out : undefined;
    },
  };
  // answer is what the simulated DNS server gives: [errorCode] or [null, result, ttls].
  function answer(bindingName, name) {
    if (bindingName === 'getHostByAddr') {
      const z = zoneOf(host.dnsReverseName(name));
      if (z && z.PTR) return [null, z.PTR.slice()];
      return hostsFallback(name);
    }
    const z = zoneOf(name);
    if (!z) return ['ENOTFOUND'];
    const result = shapes[bindingName](z);
    if (result === undefined || (Array.isArray(result) && result.length === 0)) return ['ENODATA'];
    const ttls = bindingName === 'queryA' || bindingName === 'queryAaaa' ? result.map(() => z.ttl) : undefined;
    return [null, Array.isArray(result) ? result.slice() : result, ttls];
  }
  // c-ares's gethostbyaddr reads /etc/hosts when DNS does not name the address: the
  // simulated machine's lists 127.0.0.1 as localhost without aliases, and Node gives the
  // aliases.
  function hostsFallback(address) { return address === '127.0.0.1' ? [null, []] : ['ENOTFOUND']; }

  let channels = 0;
  // send queries name on the resolver's channel; done(code, result, ttls) is called from
  // the check phase.
  function send(resolver, bindingName, name, done) {
    const st = state(resolver);
    const servers = st.servers;
    const k = servers.findIndex((s) => s[0] === SIM_SERVER && s[1] === 53);
    const answered = k >= 0;
    const refusals = answered ? k : st.tries * servers.length;
    host.dnsQuery(st.channel, bindingName + ' ' + name, refusals, answered, (status) => {
      if (status === 'answer') {
        const [code, result, ttls] = answer(bindingName, name);
        if (code) done(code); else done(null, result, ttls);
      } else if (status === 'ECONNREFUSED' && servers.length === 0) {
        done(bindingName === 'getHostByAddr' ? hostsFallback(name)[0] : 'UNKNOWN_ARES_ERROR', bindingName === 'getHostByAddr' ? [] : undefined);
      } else if (status === 'ECONNREFUSED' && bindingName === 'getHostByAddr') {
        const [code, result] = hostsFallback(name);
        done(code, result);
      } else done(status);
    });
  }
  // A query's binding refuses what c-ares cannot send: reverse of a string that is not
  // an address (UV_EINVAL, ReverseTraits::Send).
  function bindingError(bindingName, name) {
    return bindingName === 'getHostByAddr' && isIP(name) === 0 ? 'EINVAL' : undefined;
  }

  // The resolvers' state: a private channel (c-ares's), its servers and tries.
  const states = new WeakMap();
  function state(resolver) {
    const st = states.get(resolver);
    if (!st) throw invalidArgType('this', 'an instance of Resolver', resolver);
    return st;
  }
  function validateOptions(options) {
    const o = { ...options };
    const timeout = o.timeout === undefined ? -1 : o.timeout;
    validateInt(timeout, 'options.timeout', -1, 2147483647);
    const tries = o.tries === undefined ? 4 : o.tries;
    validateInt(tries, 'options.tries', 1, 2147483647);
    if (internals.nodeMajor >= 22 && o.maxTimeout !== undefined) validateInt(o.maxTimeout, 'options.maxTimeout', 0, 4294967295);
    return { timeout, tries };
  }
  function ChannelWrap() {}
  class ResolverBase {
    constructor(options = undefined) {
      const { timeout, tries } = validateOptions(options);
      states.set(this, { channel: ++channels, servers: [[SIM_SERVER, 53]], tries, timeout });
      this._handle = new ChannelWrap();
    }
    cancel() { host.dnsCancel(state(this).channel); }
    getServers() {
      return state(this).servers.map(([ip, port]) => (port === 53 ? ip : (isIP(ip) === 6 ? '[' + ip + ']' : ip) + ':' + port));
    }
    setServers(servers) {
      if (!Array.isArray(servers)) throw invalidArgType('servers', 'an instance of Array', servers);
      const list = [];
      servers.forEach((serv, index) => {
        validateString(serv, 'servers[' + index + ']');
        if (isIP(serv) !== 0) { list.push([serv, 53]); return; }
        const bracket = /^\[([^[\]]*)\]/.exec(serv);
        if (bracket && isIP(bracket[1]) !== 0) {
          list.push([bracket[1], parseInt(serv.replace(/(^.+?)(?::(\d+))?$/, '$2'), 10) || 53]);
          return;
        }
        const split = /(^.+?)(?::(\d+))?$/.exec(serv);
        if (split && isIP(split[1]) !== 0) { list.push([split[1], parseInt(split[2] || '53', 10)]); return; }
        throw makeError(TypeError, 'ERR_INVALID_IP_ADDRESS', 'Invalid IP address: ' + serv);
      });
      // c-ares keeps one of each address and port.
      const st = state(this);
      st.servers = list.filter((s, i) => list.findIndex((t) => t[0] === s[0] && t[1] === s[1]) === i);
    }
    setLocalAddress(ipv4, ipv6) {
      validateString(ipv4, 'ipv4');
      if (ipv6 !== undefined) validateString(ipv6, 'ipv6');
      const a = isIP(ipv4);
      if (a === 0) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', 'Invalid IP address.');
      if (ipv6 !== undefined) {
        const b = isIP(ipv6);
        if (b === 0) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', 'Invalid IP address.');
        if (a === b) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', a === 4 ? 'Cannot specify two IPv4 addresses.' : 'Cannot specify two IPv6 addresses.');
      }
      // The queries leave from that address: the simulated network routes them alike.
    }
  }
  const bindings = [['resolveAny', 'ANY', 'queryAny'], ['resolve4', 'A', 'queryA'], ['resolve6', 'AAAA', 'queryAaaa'],
    ['resolveCaa', 'CAA', 'queryCaa'], ['resolveCname', 'CNAME', 'queryCname'], ['resolveMx', 'MX', 'queryMx'],
    ['resolveNs', 'NS', 'queryNs'], ['resolveTlsa', 'TLSA', 'queryTlsa'], ['resolveTxt', 'TXT', 'queryTxt'],
    ['resolveSrv', 'SRV', 'querySrv'], ['resolvePtr', 'PTR', 'queryPtr'], ['resolveNaptr', 'NAPTR', 'queryNaptr'],
    ['resolveSoa', 'SOA', 'querySoa'], ['reverse', null, 'getHostByAddr']];
  const withTTL = (result, ttls, ttl) => (ttls && ttl ? result.map((address, i) => ({ address, ttl: ttls[i] })) : result);
  // rrtype's error: ERR_INVALID_ARG_VALUE since Node 15 (R-V24), ERR_INVALID_OPT_VALUE before.
  function invalidRRType(rrtype) {
    if (!internals.hasChange('R-V24')) return makeError(TypeError, 'ERR_INVALID_OPT_VALUE', 'The value "' + rrtype + '" is invalid for option "rrtype"');
    return makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'rrtype' is invalid. Received " + internals.inspect(rrtype));
  }

  // The callback resolver (callback_resolver.js).
  class Resolver extends ResolverBase {}
  const resolveMap = { __proto__: null };
  for (const [method, type, bindingName] of bindings) {
    const query = function (name, callback) {
      let options;
      if (arguments.length > 2) { options = callback; callback = arguments[2]; }
      validateString(name, 'name');
      validateFunction(callback, 'callback');
      const ttl = !!(options && options.ttl);
      const bad = bindingError(bindingName, name);
      if (bad) throw dnsException(bad, bindingName, name);
      send(this, bindingName, name, (code, result, ttls) => {
        if (code) callback(dnsException(code, bindingName, name));
        else callback(null, withTTL(result, ttls, ttl));
      });
      return {};
    };
    Object.defineProperty(query, 'name', { value: bindingName });
    Resolver.prototype[method] = query;
    if (type) resolveMap[type] = query;
  }
  Resolver.prototype.resolve = function resolve(hostname, rrtype, callback) {
    let resolver;
    if (typeof rrtype === 'string') resolver = resolveMap[rrtype];
    else if (typeof rrtype === 'function') { resolver = resolveMap.A; callback = rrtype; } else throw invalidArgType('rrtype', 'of type string', rrtype);
    if (typeof resolver === 'function') return resolver.call(this, hostname, callback);
    throw invalidRRType(rrtype);
  };

  // The promise resolver (dns/promises): the same queries settle a promise.
  class PromiseResolver extends ResolverBase {}
  const promiseMap = { __proto__: null };
  for (const [method, type, bindingName] of bindings) {
    const query = function (name, options) {
      validateString(name, 'name');
      const ttl = !!(options && options.ttl);
      return new Promise((resolve, reject) => {
        const bad = bindingError(bindingName, name);
        if (bad) { reject(dnsException(bad, bindingName, name)); return; }
        send(this, bindingName, name, (code, result, ttls) => {
          if (code) reject(dnsException(code, bindingName, name));
          else resolve(withTTL(result, ttls, ttl));
        });
      });
    };
    Object.defineProperty(query, 'name', { value: bindingName });
    PromiseResolver.prototype[method] = query;
    if (type) promiseMap[type] = query;
  }
  PromiseResolver.prototype.resolve = function resolve(hostname, rrtype) {
    let resolver;
    if (rrtype !== undefined) {
      validateString(rrtype, 'rrtype');
      resolver = promiseMap[rrtype];
      if (typeof resolver !== 'function') throw invalidRRType(rrtype);
    } else resolver = promiseMap.A;
    return resolver.call(this, hostname);
  };
  Object.defineProperty(PromiseResolver, 'name', { value: 'Resolver' });

  // The modules' functions are the default resolver's, bound (utils.js bindDefaultResolver):
  // dns.setServers changes the default resolver only; a new Resolver starts from the
  // machine's server.
  const resolverKeys = ['getServers', 'resolve', ...bindings.map((b) => b[0])];
  const defaultResolver = new Resolver();
  const defaultPromiseResolver = new PromiseResolver();
  function bindDefault(target, proto, resolver) {
    for (const key of resolverKeys) target[key] = proto[key].bind(resolver);
  }

  let order = 'verbatim';
  function setDefaultResultOrder(o) {
    if (!['ipv4first', 'ipv6first', 'verbatim'].includes(o)) throw makeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'dnsOrder' must be one of: 'verbatim', 'ipv4first', 'ipv6first'. Received " + internals.inspect(o));
    order = o;
  }
  const codes = {
    NODATA: 'ENODATA', FORMERR: 'EFORMERR', SERVFAIL: 'ESERVFAIL', NOTFOUND: 'ENOTFOUND', NOTIMP: 'ENOTIMP', REFUSED: 'EREFUSED',
    BADQUERY: 'EBADQUERY', BADNAME: 'EBADNAME', BADFAMILY: 'EBADFAMILY', BADRESP: 'EBADRESP', CONNREFUSED: 'ECONNREFUSED',
    TIMEOUT: 'ETIMEOUT', EOF: 'EOF', FILE: 'EFILE', NOMEM: 'ENOMEM', DESTRUCTION: 'EDESTRUCTION', BADSTR: 'EBADSTR',
    BADFLAGS: 'EBADFLAGS', NONAME: 'ENONAME', BADHINTS: 'EBADHINTS', NOTINITIALIZED: 'ENOTINITIALIZED',
    LOADIPHLPAPI: 'ELOADIPHLPAPI', ADDRGETNETWORKPARAMS: 'EADDRGETNETWORKPARAMS', CANCELLED: 'ECANCELLED',
  };
  Object.defineProperty(lookup, internals.customPromisifyArgs, { value: ['address', 'family'], enumerable: false });
  Object.defineProperty(lookupService, internals.customPromisifyArgs, { value: ['hostname', 'service'], enumerable: false });
  Object.assign(exports, { lookup, lookupService, Resolver });
  bindDefault(exports, Resolver.prototype, defaultResolver);
  Object.assign(exports, {
    setServers: { defaultResolverSetServers(servers) { return defaultResolver.setServers(servers); } }.defaultResolverSetServers,
    setDefaultResultOrder, getDefaultResultOrder: () => order,
    ADDRCONFIG: 32, V4MAPPED: 8, ALL: 16,
  }, codes);
  const promises = {
    lookup: (hostname, options) => new Promise((resolve, reject) => lookup(hostname, options || {}, (err, address, fam) => {
      if (err) reject(err); else resolve(Array.isArray(address) ? address : { address, family: fam });
    })),
    lookupService: (address, port) => new Promise((resolve, reject) => lookupService(address, port, (err, hostname, service) => {
      if (err) reject(err); else resolve({ hostname, service });
    })),
    Resolver: PromiseResolver,
  };
  bindDefault(promises, PromiseResolver.prototype, defaultPromiseResolver);
  Object.assign(promises, {
    setServers: ResolverBase.prototype.setServers.bind(defaultPromiseResolver), setDefaultResultOrder, getDefaultResultOrder: () => order,
  }, codes);
  exports.promises = promises;
})
