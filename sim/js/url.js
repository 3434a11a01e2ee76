// url.js: node:url. URL and URLSearchParams follow the WHATWG URL standard's parser for
// what programs write (special schemes with their default ports, file:, opaque URLs such
// as mailto:, relative references against a base, dot segments, percent-encoding sets,
// userinfo), without IDNA beyond lower-casing ASCII hosts (punycode is refused) and
// without IPv6 hosts' compression. The legacy API (parse, format, resolve) is Node's
// url.parse behaviour for ordinary URLs.
(function (exports, internals) {
  'use strict';
  const { makeError, invalidArgType } = internals;
  const kInspect = Symbol.for('nodejs.util.inspect.custom');
  const special = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443', 'ftp:': '21', 'file:': '' };
  const invalid = (input) => makeError(TypeError, 'ERR_INVALID_URL', 'Invalid URL', { input: String(input) });

  // ---- percent-encoding ------------------------------------------------------------------
  const utf8 = (c) => unescape(encodeURIComponent(c)); // each UTF-8 byte as one char
  function encodeSet(s, extra) {
    let out = '';
    for (const ch of s) {
      const code = ch.codePointAt(0);
      if (code < 0x20 || code > 0x7e || extra.includes(ch)) {
        for (const b of utf8(ch)) out += '%' + b.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
      } else out += ch;
    }
    return out;
  }
  const FRAGMENT = ' "<>`';
  const QUERY = ' "#<>';
  const SPECIAL_QUERY = QUERY + "'";
  const PATH = QUERY + '?^`{}';
  const USERINFO = PATH + '/:;=@[\\]|';

  // ---- the parser ------------------------------------------------------------------------
  // parse(input, base) -> the record { protocol, username, password, hostname, port,
  // path (array, or a string for an opaque path), query (null or string), fragment }.
  function normalizePath(segments, isSpecial) {
    const out = [];
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i];
      const last = i === segments.length - 1;
      const lower = seg.toLowerCase();
      if (lower === '..' || lower === '.%2e' || lower === '%2e.' || lower === '%2e%2e') {
        if (out.length) out.pop();
        if (last) out.push('');
      } else if (lower === '.' || lower === '%2e') {
        if (last) out.push('');
      } else out.push(encodeSet(seg, PATH));
    }
    return out;
  }
  function parseHost(raw, isSpecial, input) {
    if (raw.startsWith('[')) {
      if (!raw.endsWith(']')) throw invalid(input);
      return raw.toLowerCase();
    }
    if (!isSpecial) return encodeSet(raw, '');
    let name;
    try { name = decodeURIComponent(raw); } catch (e) { name = raw; }
    name = name.toLowerCase();
    if (name === '' || /[\0\t\n\r #/:<>?@[\\\]^|%]/.test(name)) throw invalid(input);
    if (/[^\x00-\x7f]/.test(name)) throw invalid(input); // IDNA is not simulated
    const parts = name.split('.');
    if (parts[parts.length - 1] === '') parts.pop();
    if (parts.length > 0 && parts.length <= 4 && parts.every((p) => /^(0x[0-9a-f]*|\d+)$/i.test(p))) { // an IPv4 address
      const nums = parts.map((p) => (/^0x/i.test(p) ? parseInt(p.slice(2) || '0', 16) : /^0\d/.test(p) ? parseInt(p, 8) : Number(p)));
      let n = 0;
      for (let i = 0; i < nums.length - 1; i++) { if (nums[i] > 255) throw invalid(input); n = n * 256 + nums[i]; }
      const rest = nums[nums.length - 1];
      if (rest >= 256 ** (5 - nums.length)) throw invalid(input);
      n = n * 256 ** (5 - nums.length) + rest;
      return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
    }
    return name;
  }
  function parse(input, base) {
    let s = String(input).replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
    const r = { protocol: '', username: '', password: '', hostname: null, port: '', path: [], query: null, fragment: null };
    const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(s);
    if (!m) {
      if (!base) throw invalid(input);
      return relative(s, base, input);
    }
    r.protocol = m[1].toLowerCase() + ':';
    let rest = s.slice(m[0].length);
    const isSpecial = r.protocol in special;
    if (base && isSpecial && base.protocol === r.protocol && !/^[\\/]/.test(rest)) return relative(rest, base, input);
    const hashAt = rest.indexOf('#');
    if (hashAt >= 0) { r.fragment = encodeSet(rest.slice(hashAt + 1), FRAGMENT); rest = rest.slice(0, hashAt); }
    if (isSpecial) rest = rest.replace(/\\/g, '/');
    if (isSpecial || rest.startsWith('//')) {
      const queryAt = rest.indexOf('?');
      if (queryAt >= 0) { r.query = encodeSet(rest.slice(queryAt + 1), isSpecial ? SPECIAL_QUERY : QUERY); rest = rest.slice(0, queryAt); }
      if (r.protocol === 'file:') {
        let hostPart = '';
        if (rest.startsWith('//')) { const end = rest.indexOf('/', 2); hostPart = end < 0 ? rest.slice(2) : rest.slice(2, end); rest = end < 0 ? '' : rest.slice(end); }
        r.hostname = hostPart === 'localhost' ? '' : (hostPart ? parseHost(hostPart, true, input) : '');
        r.path = normalizePath(rest.replace(/^\/+/, '').split('/'), true);
        if (rest === '' || rest === '/') r.path = [''];
        return r;
      }
      rest = rest.replace(/^\/*/, isSpecial ? '' : '//').replace(/^\/\//, '');
      const end = rest.search(/\//);
      let authority = end < 0 ? rest : rest.slice(0, end);
      const pathPart = end < 0 ? '' : rest.slice(end);
      const at = authority.lastIndexOf('@');
      if (at >= 0) {
        const info = authority.slice(0, at);
        authority = authority.slice(at + 1);
        const colon = info.indexOf(':');
        r.username = encodeSet(colon < 0 ? info : info.slice(0, colon), USERINFO);
        r.password = colon < 0 ? '' : encodeSet(info.slice(colon + 1), USERINFO);
      }
      const pm = /:(\d*)$/.exec(authority.startsWith('[') ? authority.slice(authority.indexOf(']')) : authority);
      if (pm) {
        authority = authority.slice(0, authority.length - pm[0].length);
        if (pm[1] !== '') {
          const port = Number(pm[1]);
          if (port > 65535) throw invalid(input);
          r.port = special[r.protocol] === String(port) ? '' : String(port);
        }
      } else if (/:[^\]]*$/.test(authority) && !authority.startsWith('[')) throw invalid(input);
      if (isSpecial && authority === '') throw invalid(input);
      r.hostname = authority === '' ? '' : parseHost(authority, isSpecial, input);
      r.path = pathPart === '' ? (isSpecial ? [''] : []) : normalizePath(pathPart.slice(1).split('/'), isSpecial);
      return r;
    }
    // an opaque path (mailto:, data:, javascript:) or a path without authority
    const queryAt = rest.indexOf('?');
    if (queryAt >= 0) { r.query = encodeSet(rest.slice(queryAt + 1), QUERY); rest = rest.slice(0, queryAt); }
    if (rest.startsWith('/')) r.path = normalizePath(rest.slice(1).split('/'), false);
    else r.path = encodeSet(rest, '');
    return r;
  }
  // relative resolves a reference without a scheme against the base record.
  function relative(s, base, input) {
    const isSpecial = base.protocol in special;
    if (typeof base.path === 'string') {
      if (!s.startsWith('#')) throw invalid(input);
      return Object.assign({}, base, { fragment: encodeSet(s.slice(1), FRAGMENT) });
    }
    if (isSpecial) s = s.replace(/\\/g, '/');
    if (s.startsWith('//')) return parse(base.protocol + s);
    const r = Object.assign({}, base, { path: base.path.slice(), fragment: null });
    const hashAt = s.indexOf('#');
    if (hashAt >= 0) { r.fragment = encodeSet(s.slice(hashAt + 1), FRAGMENT); s = s.slice(0, hashAt); }
    if (s === '' && hashAt >= 0) return r;
    const queryAt = s.indexOf('?');
    let pathPart = s;
    if (queryAt >= 0) { r.query = encodeSet(s.slice(queryAt + 1), isSpecial ? SPECIAL_QUERY : QUERY); pathPart = s.slice(0, queryAt); } else if (s !== '') r.query = null;
    if (pathPart === '') return r;
    const segments = pathPart.startsWith('/') ? pathPart.slice(1).split('/') : base.path.slice(0, -1).concat(pathPart.split('/'));
    r.path = normalizePath(segments, isSpecial);
    if (r.path.length === 0 && isSpecial) r.path = [''];
    return r;
  }
  function hostOf(r) { return r.hostname === null ? '' : r.hostname + (r.port ? ':' + r.port : ''); }
  function pathnameOf(r) { return typeof r.path === 'string' ? r.path : (r.path.length || r.hostname !== null ? '/' + r.path.join('/') : ''); }
  function serialize(r, noFragment) {
    let out = r.protocol;
    if (r.hostname !== null) {
      out += '//';
      if (r.username || r.password) out += r.username + (r.password ? ':' + r.password : '') + '@';
      out += hostOf(r);
    } else if (typeof r.path !== 'string' && r.path.length > 1 && r.path[0] === '') out += '/.';
    out += pathnameOf(r);
    if (r.query !== null) out += '?' + r.query;
    if (!noFragment && r.fragment !== null) out += '#' + r.fragment;
    return out;
  }

  // ---- URL --------------------------------------------------------------------------------
  const kRec = Symbol('url');
  const InspectedURL = { URL: class URL {} }.URL; // what inspect shows: a "URL" with the parts as properties
  const kParams = Symbol('params');
  class URL {
    constructor(input, base) {
      if (arguments.length === 0) throw makeError(TypeError, 'ERR_MISSING_ARGS', 'The "url" argument must be specified');
      const b = base === undefined ? undefined : (base instanceof URL ? base[kRec] : parse(String(base)));
      this[kRec] = parse(input instanceof URL ? input.href : String(input), b);
      this[kParams] = null;
    }
    static canParse(input, base) { try { new URL(input, base); return true; } catch (e) { return false; } }
    static parse(input, base) { try { return new URL(input, base); } catch (e) { return null; } }
    static createObjectURL() { return internals.unsupported('URL.createObjectURL()', 'Blob is not simulated yet'); }
    static revokeObjectURL() { return internals.unsupported('URL.revokeObjectURL()', 'Blob is not simulated yet'); }
    get href() { return serialize(this[kRec]); }
    set href(v) { this[kRec] = parse(String(v)); if (this[kParams]) this[kParams][kSync](this[kRec].query); }
    get origin() {
      const r = this[kRec];
      if (r.protocol in special && r.protocol !== 'file:') return r.protocol + '//' + hostOf(r);
      if (r.protocol === 'blob:') { try { return new URL(pathnameOf(r)).origin; } catch (e) { return 'null'; } }
      return 'null';
    }
    get protocol() { return this[kRec].protocol; }
    set protocol(v) {
      const p = String(v).replace(/:.*$/, '').toLowerCase() + ':';
      if (!/^[a-z][a-z0-9+.-]*:$/.test(p) || ((p in special) !== (this[kRec].protocol in special))) return;
      this[kRec].protocol = p;
      if (special[p] === this[kRec].port) this[kRec].port = '';
    }
    get username() { return this[kRec].username; }
    set username(v) { if (this[kRec].hostname) this[kRec].username = encodeSet(String(v), USERINFO); }
    get password() { return this[kRec].password; }
    set password(v) { if (this[kRec].hostname) this[kRec].password = encodeSet(String(v), USERINFO); }
    get host() { return hostOf(this[kRec]); }
    set host(v) {
      try { const r = parse(this[kRec].protocol + '//' + String(v)); this[kRec].hostname = r.hostname; this[kRec].port = r.port; } catch (e) { /* ignored, as the standard says */ }
    }
    get hostname() { return this[kRec].hostname || ''; }
    set hostname(v) { try { const r = parse(this[kRec].protocol + '//' + String(v).replace(/:.*$/, '')); this[kRec].hostname = r.hostname; } catch (e) { /* ignored */ } }
    get port() { return this[kRec].port; }
    set port(v) {
      const s = String(v);
      if (s === '') { this[kRec].port = ''; return; }
      const m = /^\d+/.exec(s);
      if (!m || Number(m[0]) > 65535 || this[kRec].protocol === 'file:') return;
      this[kRec].port = special[this[kRec].protocol] === String(Number(m[0])) ? '' : String(Number(m[0]));
    }
    get pathname() { return pathnameOf(this[kRec]); }
    set pathname(v) {
      if (typeof this[kRec].path === 'string') return;
      const s = String(v);
      this[kRec].path = normalizePath((s.startsWith('/') ? s.slice(1) : s).split(this[kRec].protocol in special ? /[\\/]/ : '/'), true);
    }
    get search() { const q = this[kRec].query; return q === null || q === '' ? '' : '?' + q; }
    set search(v) {
      const s = String(v).replace(/^\?/, '');
      this[kRec].query = s === '' ? null : encodeSet(s, this[kRec].protocol in special ? SPECIAL_QUERY : QUERY);
      if (this[kParams]) this[kParams][kSync](this[kRec].query);
    }
    get searchParams() {
      if (!this[kParams]) {
        this[kParams] = new URLSearchParams(this[kRec].query || '');
        this[kParams][kOwner] = this;
      }
      return this[kParams];
    }
    get hash() { const f = this[kRec].fragment; return f === null || f === '' ? '' : '#' + f; }
    set hash(v) { const s = String(v).replace(/^#/, ''); this[kRec].fragment = s === '' ? null : encodeSet(s, FRAGMENT); }
    toString() { return this.href; }
    toJSON() { return this.href; }
    [kInspect](depth, options, inspect) {
      const obj = new InspectedURL();
      for (const k of ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'searchParams', 'hash']) obj[k] = this[k];
      return depth < 0 ? '[URL]' : (inspect || internals.inspector.inspect)(obj, options);
    }
  }
  Object.defineProperty(URL.prototype, Symbol.toStringTag, { value: 'URL', configurable: true });

  // ---- URLSearchParams --------------------------------------------------------------------
  const kList = Symbol('list');
  const kOwner = Symbol('owner');
  const kSync = Symbol('sync');
  // form-urlencoded: what is not alphanumeric or *-._ is percent-encoded, a space is '+'.
  const formEncode = (s) => encodeSet(String(s), ' !"#$%&\'()+,/:;<=>?@[\\]^`{|}~').replace(/%20/g, '+');
  const formDecode = (s) => { const t = s.replace(/\+/g, ' '); try { return decodeURIComponent(t); } catch (e) { return t.replace(/%([0-9a-fA-F]{2})/g, (m, h) => String.fromCharCode(parseInt(h, 16))); } };
  function parseForm(s) {
    const list = [];
    for (const part of s.split('&')) {
      if (part === '') continue;
      const eq = part.indexOf('=');
      list.push(eq < 0 ? [formDecode(part), ''] : [formDecode(part.slice(0, eq)), formDecode(part.slice(eq + 1))]);
    }
    return list;
  }
  class URLSearchParams {
    constructor(init = undefined) {
      this[kList] = [];
      this[kOwner] = null;
      if (init === undefined || init === null) return;
      if (typeof init === 'object' || typeof init === 'function') {
        if (typeof init[Symbol.iterator] === 'function') {
          for (const pair of init) {
            const p = [...pair];
            if (p.length !== 2) throw makeError(TypeError, 'ERR_INVALID_TUPLE', 'Each query pair must be an iterable [name, value] tuple');
            this[kList].push([String(p[0]), String(p[1])]);
          }
        } else for (const k of Object.keys(init)) this[kList].push([k, String(init[k])]);
      } else this[kList] = parseForm(String(init).replace(/^\?/, ''));
    }
    [kSync](query) { this[kList] = parseForm(query || ''); }
    #update() {
      const owner = this[kOwner];
      if (owner) { const s = this.toString(); owner[kRec].query = s === '' ? null : s; }
    }
    get size() { return this[kList].length; }
    append(name, value) { this[kList].push([String(name), String(value)]); this.#update(); }
    delete(name, value) { this[kList] = this[kList].filter(([k, v]) => k !== String(name) || (value !== undefined && v !== String(value))); this.#update(); }
    get(name) { const e = this[kList].find(([k]) => k === String(name)); return e ? e[1] : null; }
    getAll(name) { return this[kList].filter(([k]) => k === String(name)).map(([, v]) => v); }
    has(name, value) { return this[kList].some(([k, v]) => k === String(name) && (value === undefined || v === String(value))); }
    set(name, value) {
      const n = String(name);
      const i = this[kList].findIndex(([k]) => k === n);
      if (i < 0) this[kList].push([n, String(value)]);
      else { this[kList][i][1] = String(value); this[kList] = this[kList].filter(([k], j) => k !== n || j === i); }
      this.#update();
    }
    sort() { this[kList].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)); this.#update(); }
    forEach(cb, thisArg) {
      if (typeof cb !== 'function') throw invalidArgType('callback', 'of type function', cb);
      for (const [k, v] of this[kList]) cb.call(thisArg, v, k, this);
    }
    *entries() { for (const [k, v] of this[kList]) yield [k, v]; }
    *keys() { for (const [k] of this[kList]) yield k; }
    *values() { for (const [, v] of this[kList]) yield v; }
    [Symbol.iterator]() { return this.entries(); }
    toString() { return this[kList].map(([k, v]) => formEncode(k) + '=' + formEncode(v)).join('&'); }
    [kInspect](depth, options, inspect) {
      const ins = inspect || internals.inspector.inspect;
      if (this[kList].length === 0) return 'URLSearchParams {}';
      const parts = this[kList].map(([k, v]) => ins(k) + ' => ' + ins(v));
      const one = parts.join(', ');
      return one.length + 20 > 80 ? 'URLSearchParams {\n  ' + parts.join(',\n  ') + ' }' : 'URLSearchParams { ' + one + ' }';
    }
  }
  Object.defineProperty(URLSearchParams.prototype, Symbol.toStringTag, { value: 'URLSearchParams', configurable: true });

  // ---- the legacy API -------------------------------------------------------------------
  class Url {
    constructor() {
      this.protocol = null; this.slashes = null; this.auth = null; this.host = null; this.port = null; this.hostname = null;
      this.hash = null; this.search = null; this.query = null; this.pathname = null; this.path = null; this.href = null;
    }
    format() { return format(this); }
    resolve(rel) { return format(resolveObject(this, rel)); }
    resolveObject(rel) { return resolveObject(this, rel); }
  }
  const slashedProtocols = new Set(['http:', 'https:', 'ftp:', 'gopher:', 'file:', 'ws:', 'wss:']);
  let parseWarned = false;
  function urlParse(str, parseQueryString, slashesDenoteHost) {
    if (str instanceof Url) return str;
    if (typeof str !== 'string') throw invalidArgType('url', 'of type string', str);
    if (!parseWarned) {
      parseWarned = true;
      internals.process.emitWarning('`url.parse()` behavior is not standardized and prone to errors that have security implications. Use the WHATWG URL API instead. CVEs are not issued for `url.parse()` vulnerabilities.', 'DeprecationWarning', 'DEP0169');
    }
    const u = new Url();
    let rest = str.trim();
    const hashAt = rest.indexOf('#');
    if (hashAt >= 0) { u.hash = rest.slice(hashAt); rest = rest.slice(0, hashAt); }
    const queryAt = rest.indexOf('?');
    if (queryAt >= 0) { u.search = rest.slice(queryAt); rest = rest.slice(0, queryAt); }
    const pm = /^([a-zA-Z0-9.+-]+:)/.exec(rest);
    if (pm) { u.protocol = pm[1].toLowerCase(); rest = rest.slice(pm[1].length); }
    const slashes = rest.startsWith('//') && (slashesDenoteHost || u.protocol === null ? !!slashesDenoteHost || u.protocol !== null : true);
    if (slashes && !(u.protocol === 'javascript:')) { u.slashes = true; rest = rest.slice(2); }
    if (u.slashes || (u.protocol !== null && !slashedProtocols.has(u.protocol))) {
      const end = rest.search(/[/?#]/);
      let authority = end < 0 ? rest : rest.slice(0, end);
      rest = end < 0 ? '' : rest.slice(end);
      const at = authority.lastIndexOf('@');
      if (at >= 0) { u.auth = decodeURIComponent(authority.slice(0, at)); authority = authority.slice(at + 1); }
      const portMatch = /:(\d*)$/.exec(authority);
      if (portMatch) { if (portMatch[1] !== '') u.port = portMatch[1]; authority = authority.slice(0, authority.length - portMatch[0].length); }
      u.hostname = authority.toLowerCase();
      u.host = u.hostname + (u.port ? ':' + u.port : '');
    }
    if (rest !== '') u.pathname = rest;
    else if (u.slashes && slashedProtocols.has(u.protocol)) u.pathname = '/';
    if (u.search !== null) u.query = parseQueryString ? internals.builtin('querystring').parse(u.search.slice(1)) : u.search.slice(1);
    else if (parseQueryString) { u.search = ''; u.query = { __proto__: null }; }
    if (u.pathname !== null || u.search !== null) u.path = (u.pathname || '') + (u.search || '');
    u.href = format(u);
    return u;
  }
  function format(obj, options) {
    if (typeof obj === 'string') obj = urlParse(obj);
    if (obj instanceof URL) {
      const o = Object.assign({ fragment: true, search: true, auth: true, unicode: false }, options);
      const r = Object.assign({}, obj[kRec]);
      if (!o.fragment) r.fragment = null;
      if (!o.search) r.query = null;
      if (!o.auth) { r.username = ''; r.password = ''; }
      return serialize(r);
    }
    if (obj === null || typeof obj !== 'object') throw invalidArgType('urlObject', 'one of type object or string', obj);
    let auth = obj.auth || '';
    if (auth) auth = encodeURIComponent(auth).replace(/%3A/i, ':') + '@';
    let protocol = obj.protocol || '';
    if (protocol && !protocol.endsWith(':')) protocol += ':';
    let pathname = obj.pathname || '';
    let hash = obj.hash || '';
    let search = obj.search || '';
    let host = '';
    if (obj.host) host = auth + obj.host;
    else if (obj.hostname) host = auth + (obj.hostname.includes(':') ? '[' + obj.hostname + ']' : obj.hostname) + (obj.port ? ':' + obj.port : '');
    if (!search && obj.query && typeof obj.query === 'object') { const q = internals.builtin('querystring').stringify(obj.query); if (q) search = '?' + q; }
    if (search && search[0] !== '?') search = '?' + search;
    if (hash && hash[0] !== '#') hash = '#' + hash;
    if (obj.slashes || slashedProtocols.has(protocol)) {
      if (obj.slashes || host) { if (pathname && pathname[0] !== '/') pathname = '/' + pathname; host = '//' + host; } else if (protocol === 'file:') host = '//';
    }
    pathname = pathname.replace(/[?#]/g, encodeURIComponent);
    search = search.replace('#', '%23');
    return protocol + host + pathname + search + hash;
  }
  function resolveObject(from, to) {
    const base = typeof from === 'string' ? urlParse(from) : from;
    const ref = typeof to === 'string' ? urlParse(to) : to;
    if (ref.protocol && ref.protocol !== base.protocol) return ref;
    const out = Object.assign(new Url(), base);
    if (ref.host !== null && ref.slashes) return Object.assign(out, ref, { protocol: base.protocol, href: null, path: ref.path });
    out.hash = ref.hash;
    if (ref.pathname) {
      let segs;
      if (ref.pathname.startsWith('/')) segs = ref.pathname.split('/');
      else segs = (base.pathname || '/').split('/').slice(0, -1).concat(ref.pathname.split('/'));
      const outSegs = [];
      segs.forEach((s, i) => {
        if (s === '..') { if (outSegs.length > 1) outSegs.pop(); if (i === segs.length - 1) outSegs.push(''); }
        else if (s === '.') { if (i === segs.length - 1) outSegs.push(''); }
        else outSegs.push(s);
      });
      out.pathname = outSegs.join('/') || (base.host ? '/' : '');
      if (base.host && !out.pathname.startsWith('/')) out.pathname = '/' + out.pathname;
      out.search = ref.search; out.query = ref.query;
    } else if (ref.search !== null) { out.search = ref.search; out.query = ref.query; }
    out.path = out.pathname !== null || out.search !== null ? (out.pathname || '') + (out.search || '') : null;
    out.href = format(out);
    return out;
  }
  const resolve = (from, to) => format(resolveObject(from, to));
  function urlToHttpOptions(u) {
    const o = { __proto__: null, protocol: u.protocol, hostname: u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname, hash: u.hash, search: u.search, pathname: u.pathname, path: u.pathname + u.search, href: u.href };
    if (u.port !== '') o.port = Number(u.port);
    if (u.username || u.password) o.auth = decodeURIComponent(u.username) + ':' + decodeURIComponent(u.password);
    return o;
  }
  function pathToFileURL(p, options) {
    if (typeof p !== 'string') throw invalidArgType('path', 'of type string', p);
    let abs = internals.builtin('path').resolve(p);
    if (p.endsWith('/') && !abs.endsWith('/')) abs += '/';
    return new URL('file://' + encodeSet(abs, '%' + PATH + '\n\r\t'));
  }
  function fileURLToPath(u) {
    const url = typeof u === 'string' ? new URL(u) : u;
    if (!(url instanceof URL) && !(url && typeof url.href === 'string')) throw invalidArgType('path', 'of type string or an instance of URL', u);
    if (url.protocol !== 'file:') throw makeError(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
    if (url.hostname !== '') throw makeError(TypeError, 'ERR_INVALID_FILE_URL_HOST', 'File URL host must be "localhost" or empty on linux');
    if (/%2f/i.test(url.pathname)) throw makeError(TypeError, 'ERR_INVALID_FILE_URL_PATH', 'File URL path must not include encoded / characters');
    return decodeURIComponent(url.pathname);
  }
  // domainToASCII/Unicode: ASCII domains lower-cased (IDNA's punycode is not simulated:
  // a non-ASCII domain gives '' as an invalid one does).
  const domainToASCII = (d) => (/[^\x00-\x7f]/.test(String(d)) ? '' : String(d).toLowerCase());
  const domainToUnicode = (d) => String(d).toLowerCase();

  Object.assign(exports, {
    URL, URLSearchParams, Url, parse: urlParse, format, resolve, resolveObject, urlToHttpOptions,
    pathToFileURL, fileURLToPath, fileURLToPathBuffer: (u) => internals.builtin('buffer').Buffer.from(fileURLToPath(u)),
    domainToASCII, domainToUnicode,
  });
})
