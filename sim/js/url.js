// url.js: the WHATWG URL and URLSearchParams (url.spec.whatwg.org: special schemes,
// credentials, hosts, ports, dot segments, percent-encode sets, relative references,
// setters), the legacy url.parse/format/resolve, and the file-path helpers.
(function (exports, internals) {
  'use strict';
  const inspectCustom = Symbol.for('nodejs.util.inspect.custom');
  const invalidURL = (input) => {
    const e = internals.makeError(TypeError, 'ERR_INVALID_URL', 'Invalid URL');
    e.input = String(input);
    return e;
  };
  const specialPorts = { __proto__: null, 'ftp:': '21', 'file:': '', 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };
  const isSpecial = (scheme) => scheme in specialPorts;

  // ---- UTF-8 and percent-encoding ----
  const utf8 = (s) => {
    const out = [];
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        c = 0x10000 + ((c - 0xd800) << 10) + (s.charCodeAt(++i) - 0xdc00);
      } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return out;
  };
  const fromUTF8 = (bytes) => {
    let s = '';
    for (let i = 0; i < bytes.length;) {
      const b = bytes[i];
      const n = b < 0x80 ? 0 : b >= 0xf0 && b < 0xf5 ? 3 : b >= 0xe0 ? 2 : b >= 0xc2 && b < 0xe0 ? 1 : -1;
      let c = n === 0 ? b : n === 1 ? b & 31 : n === 2 ? b & 15 : b & 7;
      let ok = n >= 0 && i + n < bytes.length + 0 && i + n <= bytes.length - 1 + 1;
      for (let k = 1; ok && k <= n; k++) {
        if (i + k >= bytes.length || (bytes[i + k] & 0xc0) !== 0x80) ok = false;
        else c = (c << 6) | (bytes[i + k] & 63);
      }
      if (ok && ((n === 2 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) || (n === 3 && (c < 0x10000 || c > 0x10ffff)))) ok = false;
      if (!ok) { s += '\ufffd'; i++; continue; }
      s += String.fromCodePoint(c);
      i += n + 1;
    }
    return s;
  };
  const hex = (b) => '%' + (b < 16 ? '0' : '') + b.toString(16).toUpperCase();
  // A code point is left as it is unless it is a C0 control, above ~, or in extra.
  const encodeSet = (extra) => (s) => {
    let out = '';
    for (const ch of s) {
      const c = ch.codePointAt(0);
      if (c > 0x20 && c < 0x7f && !extra.includes(ch)) out += ch;
      else for (const b of utf8(ch)) out += hex(b);
    }
    return out;
  };
  const fragmentSet = ' "<>`';
  const querySet = ' "#<>';
  const specialQuerySet = querySet + "'";
  const pathSet = querySet + '?^`{}';
  const userinfoSet = pathSet + '/:;=@[\\]|';
  const componentSet = userinfoSet + '$%&+,';
  const encFragment = encodeSet(fragmentSet), encQuery = encodeSet(querySet), encSpecialQuery = encodeSet(specialQuerySet);
  const encPath = encodeSet(pathSet), encUserinfo = encodeSet(userinfoSet), encOpaque = encodeSet('');
  const percentDecode = (s) => {
    if (!s.includes('%')) return utf8(s);
    const bytes = utf8(s), out = [];
    for (let i = 0; i < bytes.length; i++) {
      const h = String.fromCharCode(bytes[i + 1] || 0, bytes[i + 2] || 0);
      if (bytes[i] === 0x25 && /^[0-9a-f]{2}$/i.test(h)) { out.push(parseInt(h, 16)); i += 2; } else out.push(bytes[i]);
    }
    return out;
  };

  // ---- hosts ----
  const forbiddenHost = /[\0\t\n\r #/:<>?@[\\\]^|%]/;
  const parseIPv4Number = (s) => {
    if (s === '') return NaN;
    let radix = 10;
    if (/^0x/i.test(s)) { s = s.slice(2); radix = 16; } else if (s.length > 1 && s[0] === '0') { s = s.slice(1); radix = 8; }
    if (s === '') return 0;
    const re = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
    return re.test(s) ? parseInt(s, radix) : NaN;
  };
  const endsInNumber = (name) => {
    const parts = name.split('.');
    if (parts[parts.length - 1] === '' && parts.length > 1) parts.pop();
    const last = parts[parts.length - 1];
    return /^[0-9]+$/.test(last) || !Number.isNaN(parseIPv4Number(last)) && /^0x/i.test(last);
  };
  const parseIPv4 = (input, name) => {
    const parts = name.split('.');
    if (parts[parts.length - 1] === '' && parts.length > 1) parts.pop();
    if (parts.length > 4) throw invalidURL(input);
    const nums = parts.map(parseIPv4Number);
    if (nums.some(Number.isNaN)) throw invalidURL(input);
    const last = nums.pop();
    if (nums.some((n) => n > 255) || last >= 256 ** (4 - nums.length)) throw invalidURL(input);
    let v = last;
    nums.forEach((n, i) => { v += n * 256 ** (3 - i); });
    return [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255].join('.');
  };
  const parseIPv6 = (input, s) => {
    const halves = s.split('::');
    if (halves.length > 2) throw invalidURL(input);
    const groups = (h) => (h === '' ? [] : h.split(':'));
    let head = groups(halves[0]), tail = halves.length === 2 ? groups(halves[1]) : [];
    const v4 = (list) => {
      const last = list[list.length - 1];
      if (last && last.includes('.')) {
        const b = parseIPv4(input, last).split('.').map(Number);
        list.splice(list.length - 1, 1, ((b[0] << 8) | b[1]).toString(16), ((b[2] << 8) | b[3]).toString(16));
      }
    };
    v4(halves.length === 2 ? tail : head);
    const all = halves.length === 2 ? head.concat(Array(8 - head.length - tail.length).fill('0'), tail) : head;
    if (all.length !== 8 || all.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) throw invalidURL(input);
    const nums = all.map((g) => parseInt(g, 16));
    // the longest run of two or more zero groups is compressed
    let best = -1, bestLen = 1;
    for (let i = 0; i < 8;) {
      let j = i;
      while (j < 8 && nums[j] === 0) j++;
      if (j - i > bestLen) { best = i; bestLen = j - i; }
      i = j === i ? i + 1 : j;
    }
    let out = '';
    for (let i = 0; i < 8; i++) {
      if (i === best) { out += i === 0 ? '::' : ':'; i += bestLen - 1; continue; }
      out += nums[i].toString(16) + (i < 7 ? ':' : '');
    }
    return '[' + out + ']';
  };
  const parseHost = (input, raw, special) => {
    if (raw.startsWith('[')) {
      if (!raw.endsWith(']')) throw invalidURL(input);
      return parseIPv6(input, raw.slice(1, -1));
    }
    if (!special) {
      if (/[\0\t\n\r #/:<>?@[\\\]^|]/.test(raw)) throw invalidURL(input);
      return encOpaque(raw);
    }
    const host = fromUTF8(percentDecode(raw)).toLowerCase();
    if (host === '' || forbiddenHost.test(host) || /[\x00-\x1f\x7f]/.test(host)) throw invalidURL(input);
    return endsInNumber(host) ? parseIPv4(input, host) : host;
  };

  // ---- the parser ----
  const trimmed = (s) => s.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '').replace(/[\t\n\r]/g, '');
  const isWindowsLetter = (s) => /^[a-zA-Z][:|]$/.test(s);
  // pathSegments splits a path and resolves its dot segments onto base (a list).
  const pathSegments = (path, special, base) => {
    const segs = base ? base.slice() : [];
    const parts = path.split(special ? /[/\\]/ : '/');
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i], last = i === parts.length - 1;
      const lower = p.toLowerCase();
      if (lower === '..' || lower === '.%2e' || lower === '%2e.' || lower === '%2e%2e') {
        if (segs.length) segs.pop();
        if (last) segs.push('');
      } else if (lower === '.' || lower === '%2e') {
        if (last) segs.push('');
      } else segs.push(encPath(p));
    }
    return segs;
  };
  const splitTail = (s) => {
    let fragment = null, query = null;
    const h = s.indexOf('#');
    if (h >= 0) { fragment = s.slice(h + 1); s = s.slice(0, h); }
    const q = s.indexOf('?');
    if (q >= 0) { query = s.slice(q + 1); s = s.slice(0, q); }
    return [s, query, fragment];
  };
  // parseAuthority reads "userinfo@host:port" into r.
  const parseAuthority = (input, r, auth) => {
    const at = auth.lastIndexOf('@');
    if (at >= 0) {
      const info = auth.slice(0, at);
      const colon = info.indexOf(':');
      r.username = encUserinfo(colon >= 0 ? info.slice(0, colon) : info);
      r.password = colon >= 0 ? encUserinfo(info.slice(colon + 1)) : '';
      auth = auth.slice(at + 1);
    }
    const m = /^(\[[^\]]*\]|[^:]*)(?::(.*))?$/.exec(auth);
    if (!m) throw invalidURL(input);
    const special = isSpecial(r.scheme);
    if (m[1] === '' && (special || at >= 0 || m[2] !== undefined)) {
      if (r.scheme !== 'file:' || at >= 0 || m[2] !== undefined) throw invalidURL(input);
    }
    r.host = m[1] === '' ? '' : parseHost(input, m[1], special);
    if (r.scheme === 'file:' && r.host === 'localhost') r.host = '';
    r.port = '';
    if (m[2] !== undefined && m[2] !== '') {
      if (!/^[0-9]+$/.test(m[2]) || Number(m[2]) > 65535) throw invalidURL(input);
      const port = String(Number(m[2]));
      r.port = port === specialPorts[r.scheme] ? '' : port;
    }
  };
  const setTail = (r, query, fragment) => {
    r.query = query === null ? null : (isSpecial(r.scheme) ? encSpecialQuery : encQuery)(query);
    r.fragment = fragment === null ? null : encFragment(fragment);
  };
  // parseURL parses input against base (a record, or null) into a record {scheme,
  // username, password, host (null: none), port, path (a list, or a string when
  // opaque), query, fragment}; it throws ERR_INVALID_URL.
  const parseURL = (input, base) => {
    const s = trimmed(String(input));
    const sm = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(s);
    const r = { scheme: '', username: '', password: '', host: null, port: '', path: [], query: null, fragment: null };
    if (sm) {
      r.scheme = sm[1].toLowerCase() + ':';
      let rest = s.slice(sm[0].length);
      const special = isSpecial(r.scheme);
      if (r.scheme === 'file:') return parseFile(input, r, rest, base && base.scheme === 'file:' ? base : null);
      if (special) {
        if (base && base.scheme === r.scheme && !/^[/\\]/.test(rest)) return parseRelative(input, r, rest, base);
        rest = rest.replace(/^[/\\]*/, '');
        const [auth, tail] = splitAuthority(rest, true);
        parseAuthority(input, r, auth);
        return parsePathTail(input, r, tail);
      }
      if (rest.startsWith('//')) {
        const [auth, tail] = splitAuthority(rest.slice(2), false);
        parseAuthority(input, r, auth);
        return parsePathTail(input, r, tail);
      }
      if (rest.startsWith('/')) return parsePathTail(input, r, rest);
      const [path, query, fragment] = splitTail(rest);
      r.path = path.replace(/[\x00-\x1f\x7f-\uffff]/g, (ch) => encOpaque(ch)).replace(/ +$/, (sp) => (query !== null || fragment !== null ? sp.replace(/ $/, '%20') : ''));
      setTail(r, query, fragment);
      return r;
    }
    if (!base) throw invalidURL(input);
    r.scheme = base.scheme;
    if (typeof base.path === 'string') {
      if (!s.startsWith('#')) throw invalidURL(input);
      Object.assign(r, base, { fragment: encFragment(s.slice(1)) });
      return r;
    }
    if (r.scheme === 'file:') return parseFile(input, r, s, base);
    return parseRelative(input, r, s, base);
  };
  const splitAuthority = (rest, special) => {
    const m = (special ? /[/\\?#]/ : /[/?#]/).exec(rest);
    return m ? [rest.slice(0, m.index), rest.slice(m.index)] : [rest, ''];
  };
  const parsePathTail = (input, r, tail) => {
    const [path, query, fragment] = splitTail(tail);
    const special = isSpecial(r.scheme);
    if (path === '') r.path = special ? [''] : [];
    else r.path = pathSegments(path.replace(/^[/\\]/, special ? '' : '').replace(/^\//, ''), special, null);
    if (path !== '' && !special && !path.startsWith('/')) r.path = pathSegments(path, false, null);
    setTail(r, query, fragment);
    return r;
  };
  const parseRelative = (input, r, s, base) => {
    const special = isSpecial(r.scheme);
    const slash = special ? /^[/\\]/ : /^\//;
    if ((special ? /^[/\\]{2}/ : /^\/\//).test(s)) {
      const [auth, tail] = splitAuthority(s.slice(2), special);
      parseAuthority(input, r, auth);
      return parsePathTail(input, r, tail);
    }
    Object.assign(r, { username: base.username, password: base.password, host: base.host, port: base.port });
    const [path, query, fragment] = splitTail(s);
    if (slash.test(path)) {
      r.path = pathSegments(path.slice(1), special, null);
      setTail(r, query, fragment);
    } else if (path === '') {
      r.path = base.path.slice();
      setTail(r, query, fragment);
      if (query === null) r.query = base.query;
    } else {
      r.path = pathSegments(path, special, base.path.slice(0, -1));
      setTail(r, query, fragment);
    }
    return r;
  };
  const parseFile = (input, r, s, base) => {
    r.host = '';
    if (/^[/\\]{2}/.test(s)) {
      const [auth, tail] = splitAuthority(s.slice(2), true);
      if (isWindowsLetter(auth)) return parsePathTail(input, r, '/' + auth + tail);
      parseAuthority(input, r, auth);
      return parsePathTail(input, r, tail);
    }
    if (base) return parseRelative(input, Object.assign(r, { host: base.host }), s, base);
    return parsePathTail(input, r, s);
  };
  const pathString = (r) => (typeof r.path === 'string' ? r.path : (r.host === null && r.path.length > 1 && r.path[0] === '' ? '/.' : '') + r.path.map((p) => '/' + p).join(''));
  const serialize = (r, noFragment) => {
    let out = r.scheme;
    if (r.host !== null) {
      out += '//';
      if (r.username || r.password) out += r.username + (r.password ? ':' + r.password : '') + '@';
      out += r.host + (r.port ? ':' + r.port : '');
    }
    out += pathString(r);
    if (r.query !== null) out += '?' + r.query;
    if (!noFragment && r.fragment !== null) out += '#' + r.fragment;
    return out;
  };

  // ---- URL ----
  const kRecord = Symbol('url record');
  const kParams = Symbol('url params');
  const recordOf = (u) => {
    if (u === null || typeof u !== 'object' || !(kRecord in u)) throw internals.makeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type URL');
    return u[kRecord];
  };
  class URL {
    constructor(input, base) {
      if (arguments.length === 0) throw internals.makeError(TypeError, 'ERR_MISSING_ARGS', 'The "url" argument must be specified');
      const b = base === undefined ? null : parseURL(String(base), null);
      this[kRecord] = parseURL(String(input), b);
      this[kParams] = null;
    }
    static canParse(input, base) {
      try { parseURL(String(input), base === undefined ? null : parseURL(String(base), null)); return true; } catch { return false; }
    }
    static parse(input, base) {
      try { return new URL(input, base); } catch { return null; }
    }
    get href() { return serialize(recordOf(this)); }
    set href(v) { this[kRecord] = parseURL(String(v), null); this.#syncParams(); }
    get origin() {
      const r = recordOf(this);
      if (r.scheme === 'blob:') { try { return new URL(pathString(r)).origin; } catch { return 'null'; } }
      if (!isSpecial(r.scheme) || r.scheme === 'file:') return 'null';
      return r.scheme + '//' + r.host + (r.port ? ':' + r.port : '');
    }
    get protocol() { return recordOf(this).scheme; }
    set protocol(v) {
      const r = recordOf(this);
      const m = /^([a-zA-Z][a-zA-Z0-9+.-]*)/.exec(String(v));
      if (!m) return;
      const scheme = m[1].toLowerCase() + ':';
      if (isSpecial(scheme) !== isSpecial(r.scheme)) return;
      if (scheme === 'file:' && (r.username || r.password || r.port)) return;
      r.scheme = scheme;
      if (r.port === specialPorts[scheme]) r.port = '';
    }
    get username() { return recordOf(this).username; }
    set username(v) { const r = recordOf(this); if (r.host && r.scheme !== 'file:') r.username = encUserinfo(String(v)); }
    get password() { return recordOf(this).password; }
    set password(v) { const r = recordOf(this); if (r.host && r.scheme !== 'file:') r.password = encUserinfo(String(v)); }
    get host() { const r = recordOf(this); return r.host === null ? '' : r.host + (r.port ? ':' + r.port : ''); }
    set host(v) { this.#setAuthority(String(v), true); }
    get hostname() { const r = recordOf(this); return r.host === null ? '' : r.host; }
    set hostname(v) { this.#setAuthority(String(v).replace(/:.*$/, (m) => (String(v).startsWith('[') ? m : '')), false); }
    get port() { return recordOf(this).port; }
    set port(v) {
      const r = recordOf(this);
      if (r.host === null || r.host === '' || r.scheme === 'file:') return;
      const m = /^[0-9]*/.exec(String(v))[0];
      if (String(v) === '') { r.port = ''; return; }
      if (m === '' || Number(m) > 65535) return;
      const port = String(Number(m));
      r.port = port === specialPorts[r.scheme] ? '' : port;
    }
    get pathname() { return pathString(recordOf(this)); }
    set pathname(v) {
      const r = recordOf(this);
      if (typeof r.path === 'string') return;
      const special = isSpecial(r.scheme);
      const s = String(v);
      r.path = s === '' && !special ? [] : pathSegments((special ? s.replace(/^[/\\]/, '') : s.replace(/^\//, '')), special, null);
    }
    get search() { const q = recordOf(this).query; return q ? '?' + q : ''; }
    set search(v) {
      const r = recordOf(this);
      const s = String(v).replace(/^\?/, '');
      r.query = String(v) === '' ? null : (isSpecial(r.scheme) ? encSpecialQuery : encQuery)(s);
      this.#syncParams();
    }
    get searchParams() {
      recordOf(this);
      if (this[kParams] === null) {
        this[kParams] = new URLSearchParams(this.search);
        this[kParams][kURL] = this;
      }
      return this[kParams];
    }
    get hash() { const f = recordOf(this).fragment; return f ? '#' + f : ''; }
    set hash(v) { const r = recordOf(this); const s = String(v); r.fragment = s === '' ? null : encFragment(s.replace(/^#/, '')); }
    toString() { return this.href; }
    toJSON() { return this.href; }
    #syncParams() { if (this[kParams] !== null) this[kParams][kList] = parseUrlencoded(recordOf(this).query || ''); }
    #setAuthority(v, withPort) {
      const r = recordOf(this);
      if (typeof r.path === 'string') return;
      const copy = Object.assign({}, r);
      try {
        const [auth] = splitAuthority(v, isSpecial(r.scheme));
        const m = /^(\[[^\]]*\]|[^:]*)(?::([0-9]*))?/.exec(auth);
        if (!m || m[1] === '') return;
        copy.host = parseHost(v, m[1], isSpecial(r.scheme));
        if (withPort && m[2]) {
          const port = String(Number(m[2]));
          if (Number(m[2]) <= 65535) copy.port = port === specialPorts[r.scheme] ? '' : port;
        }
        Object.assign(r, copy);
      } catch { /* an invalid host leaves the URL unchanged */ }
    }
    [inspectCustom](depth, options, inspect) {
      if (typeof depth === 'number' && depth < 0) return this;
      const o = {};
      for (const k of ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'searchParams', 'hash']) o[k] = this[k];
      return 'URL ' + inspect(o, options);
    }
  }
  for (const k of ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'searchParams', 'hash', 'toString', 'toJSON']) {
    Object.defineProperty(URL.prototype, k, { enumerable: true });
  }
  Object.defineProperty(URL.prototype, Symbol.toStringTag, { value: 'URL', configurable: true });
  URL.createObjectURL = function createObjectURL() { internals.unsupported('URL.createObjectURL'); };
  URL.revokeObjectURL = function revokeObjectURL() { internals.unsupported('URL.revokeObjectURL'); };

  // ---- URLSearchParams ----
  const kList = Symbol('list');
  const kURL = Symbol('url');
  const formByte = (b) => (b === 0x20 ? '+' : (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x2a || b === 0x2d || b === 0x2e || b === 0x5f ? String.fromCharCode(b) : hex(b));
  const formEncode = (s) => utf8(s).map(formByte).join('');
  const formDecode = (s) => fromUTF8(percentDecode(s.replace(/\+/g, ' ')));
  const parseUrlencoded = (s) => {
    const list = [];
    for (const part of s.split('&')) {
      if (part === '') continue;
      const eq = part.indexOf('=');
      list.push(eq >= 0 ? [formDecode(part.slice(0, eq)), formDecode(part.slice(eq + 1))] : [formDecode(part), '']);
    }
    return list;
  };
  const toUSV = (v) => String(v).replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  class URLSearchParams {
    constructor(init = undefined) {
      this[kURL] = null;
      this[kList] = [];
      if (init === undefined || init === null) return;
      if (typeof init === 'object' || typeof init === 'function') {
        if (typeof init[Symbol.iterator] === 'function') {
          for (const pair of init) {
            const p = [...pair];
            if (p.length !== 2) throw internals.makeError(TypeError, 'ERR_INVALID_TUPLE', 'Each query pair must be an iterable [name, value] tuple');
            this[kList].push([toUSV(p[0]), toUSV(p[1])]);
          }
        } else {
          for (const k of Object.keys(init)) this[kList].push([toUSV(k), toUSV(init[k])]);
        }
        return;
      }
      this[kList] = parseUrlencoded(String(init).replace(/^\?/, ''));
    }
    #update() {
      const u = this[kURL];
      if (u) { const s = this.toString(); u[kRecord].query = s === '' ? null : s; }
    }
    get size() { return this[kList].length; }
    append(name, value) { this[kList].push([toUSV(name), toUSV(value)]); this.#update(); }
    delete(name, value) {
      name = toUSV(name);
      this[kList] = this[kList].filter(([k, v]) => k !== name || (value !== undefined && v !== toUSV(value)));
      this.#update();
    }
    get(name) { name = toUSV(name); const e = this[kList].find((p) => p[0] === name); return e ? e[1] : null; }
    getAll(name) { name = toUSV(name); return this[kList].filter((p) => p[0] === name).map((p) => p[1]); }
    has(name, value) { name = toUSV(name); return this[kList].some(([k, v]) => k === name && (value === undefined || v === toUSV(value))); }
    set(name, value) {
      name = toUSV(name); value = toUSV(value);
      const i = this[kList].findIndex((p) => p[0] === name);
      if (i < 0) this[kList].push([name, value]);
      else this[kList] = this[kList].filter((p, j) => j <= i || p[0] !== name).map((p, j) => (j === i ? [name, value] : p));
      this.#update();
    }
    sort() {
      this[kList] = this[kList].map((p, i) => [p, i]).sort((a, b) => (a[0][0] < b[0][0] ? -1 : a[0][0] > b[0][0] ? 1 : a[1] - b[1])).map((x) => x[0]);
      this.#update();
    }
    forEach(cb, thisArg) {
      if (typeof cb !== 'function') throw internals.makeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "callback" argument must be of type function. Received ' + internals.describe(cb));
      for (let i = 0; i < this[kList].length; i++) { const [k, v] = this[kList][i]; cb.call(thisArg, v, k, this); }
    }
    *entries() { for (let i = 0; i < this[kList].length; i++) yield this[kList][i].slice(); }
    *keys() { for (let i = 0; i < this[kList].length; i++) yield this[kList][i][0]; }
    *values() { for (let i = 0; i < this[kList].length; i++) yield this[kList][i][1]; }
    [Symbol.iterator]() { return this.entries(); }
    toString() { return this[kList].map(([k, v]) => formEncode(k) + '=' + formEncode(v)).join('&'); }
    [inspectCustom](depth, options, inspect) {
      if (typeof depth === 'number' && depth < 0) return '[Object]';
      if (this[kList].length === 0) return 'URLSearchParams {}';
      const parts = this[kList].map(([k, v]) => inspect(k, options) + ' => ' + inspect(v, options));
      const one = 'URLSearchParams { ' + parts.join(', ') + ' }';
      return one.length <= 80 ? one : 'URLSearchParams {\n  ' + parts.join(',\n  ') + ' }';
    }
  }
  for (const k of ['append', 'delete', 'get', 'getAll', 'has', 'set', 'size', 'sort', 'entries', 'forEach', 'keys', 'values', 'toString']) {
    Object.defineProperty(URLSearchParams.prototype, k, { enumerable: true });
  }
  Object.defineProperty(URLSearchParams.prototype, Symbol.toStringTag, { value: 'URLSearchParams', configurable: true });

  // ---- the legacy API (url.parse, url.format, url.resolve) ----
  class Url {
    constructor() {
      this.protocol = null; this.slashes = null; this.auth = null; this.host = null; this.port = null;
      this.hostname = null; this.hash = null; this.search = null; this.query = null; this.pathname = null;
      this.path = null; this.href = null;
    }
  }
  const slashedProtocols = new Set(['http:', 'https:', 'ftp:', 'gopher:', 'file:', 'ws:', 'wss:']);
  const legacyParse = (input, parseQuery, slashesDenoteHost) => {
    if (input instanceof Url) return input;
    if (typeof input !== 'string') throw internals.makeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "url" argument must be of type string. Received ' + internals.describe(input));
    const u = new Url();
    let rest = input.trim().replace(/\\/g, '/');
    const h = rest.indexOf('#');
    if (h >= 0) { u.hash = rest.slice(h); rest = rest.slice(0, h); }
    const q = rest.indexOf('?');
    if (q >= 0) { u.search = rest.slice(q); u.query = rest.slice(q + 1); rest = rest.slice(0, q); } else if (parseQuery) { u.search = ''; u.query = {}; }
    if (parseQuery && typeof u.query === 'string') u.query = querystringParse(u.query);
    const pm = /^([a-z0-9.+-]+:)/i.exec(rest);
    if (pm) { u.protocol = pm[1].toLowerCase(); rest = rest.slice(pm[1].length); }
    if ((slashesDenoteHost || pm) && rest.startsWith('//') && !(u.protocol === 'javascript:')) {
      u.slashes = true;
      rest = rest.slice(2);
      const end = rest.search(/[/?#]/);
      let auth = end >= 0 ? rest.slice(0, end) : rest;
      rest = end >= 0 ? rest.slice(end) : '';
      const at = auth.lastIndexOf('@');
      if (at >= 0) { u.auth = decodeURIComponent(auth.slice(0, at)); auth = auth.slice(at + 1); }
      const pm2 = /:([0-9]*)$/.exec(auth);
      if (pm2) { if (pm2[1]) u.port = pm2[1]; auth = auth.slice(0, pm2.index); }
      u.hostname = auth.toLowerCase();
      u.host = u.hostname + (u.port ? ':' + u.port : '');
    }
    if (rest !== '') u.pathname = rest;
    else if (u.slashes && slashedProtocols.has(u.protocol)) u.pathname = '/';
    if (u.pathname !== null || u.search !== null) u.path = (u.pathname || '') + (u.search || '');
    u.href = legacyFormat(u);
    return u;
  };
  const querystringParse = (s) => {
    const o = { __proto__: null };
    for (const part of s.split('&')) {
      if (part === '') continue;
      const eq = part.indexOf('=');
      const k = formDecode(eq >= 0 ? part.slice(0, eq) : part), v = eq >= 0 ? formDecode(part.slice(eq + 1)) : '';
      if (k in o) o[k] = [].concat(o[k], v); else o[k] = v;
    }
    return o;
  };
  const querystringStringify = (o) => Object.keys(o).flatMap((k) => [].concat(o[k]).map((v) => encodeURIComponent(k) + '=' + encodeURIComponent(v))).join('&');
  const legacyFormat = (u, options) => {
    if (typeof u === 'string') u = legacyParse(u);
    if (u instanceof URL) {
      const o = Object.assign({ auth: true, fragment: true, search: true, unicode: false }, options);
      const r = Object.assign({}, u[kRecord]);
      if (!o.auth) { r.username = ''; r.password = ''; }
      if (!o.search) r.query = null;
      if (!o.fragment) r.fragment = null;
      return serialize(r);
    }
    if (u === null || typeof u !== 'object') throw internals.makeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "urlObject" argument must be one of type object or string. Received ' + internals.describe(u));
    let protocol = u.protocol || '';
    if (protocol && !protocol.endsWith(':')) protocol += ':';
    let auth = u.auth ? encodeURIComponent(u.auth).replace(/%3A/i, ':') + '@' : '';
    let host = '';
    if (u.host) host = auth + u.host;
    else if (u.hostname) host = auth + (u.hostname.includes(':') ? '[' + u.hostname + ']' : u.hostname) + (u.port ? ':' + u.port : '');
    let pathname = u.pathname || '';
    let hash = u.hash || '';
    let search = u.search || '';
    if (!search && u.query && typeof u.query === 'object' && Object.keys(u.query).length) search = '?' + querystringStringify(u.query);
    if (search && search[0] !== '?') search = '?' + search;
    if (hash && hash[0] !== '#') hash = '#' + hash;
    if (u.slashes || ((!protocol || slashedProtocols.has(protocol)) && host)) {
      host = '//' + host;
      if (pathname && pathname[0] !== '/') pathname = '/' + pathname;
    }
    pathname = pathname.replace(/[?#]/g, encodeURIComponent);
    search = search.replace('#', '%23');
    return protocol + host + pathname + search + hash;
  };
  const legacyResolve = (from, to) => {
    const base = new URL(from, 'resolve://');
    const r = new URL(to, base);
    if (base.protocol === 'resolve:') {
      const { pathname, search, hash } = r;
      return pathname.slice(from.startsWith('/') ? 0 : 1) + search + hash;
    }
    return r.href;
  };

  exports.URL = URL;
  exports.URLSearchParams = URLSearchParams;
  exports.Url = Url;
  let warnedParse = false;
  exports.parse = function parse(url, parseQueryString, slashesDenoteHost) {
    if (!warnedParse && internals.nodeMajor >= 24) { // DEP0169 is a runtime deprecation from Node 24
      warnedParse = true;
      internals.process.emitWarning('`url.parse()` behavior is not standardized and prone to errors that have security implications. Use the WHATWG URL API instead. CVEs are not issued for `url.parse()` vulnerabilities.', 'DeprecationWarning', 'DEP0169');
    }
    return legacyParse(url, !!parseQueryString, !!slashesDenoteHost);
  };
  exports.format = function format(urlObject, options) { return legacyFormat(urlObject, options); };
  exports.resolve = function resolve(from, to) { return legacyResolve(String(from), String(to)); };
  exports.resolveObject = function resolveObject(from, to) { return legacyParse(legacyResolve(String(from), String(to))); };
  exports.domainToASCII = function domainToASCII(domain) { try { return parseHost(domain, String(domain), true); } catch { return ''; } };
  exports.domainToUnicode = function domainToUnicode(domain) { try { return parseHost(domain, String(domain), true); } catch { return ''; } };
  exports.urlToHttpOptions = function urlToHttpOptions(url) {
    const o = {
      __proto__: null,
      protocol: url.protocol,
      hostname: url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname,
      hash: url.hash, search: url.search, pathname: url.pathname,
      path: `${url.pathname || ''}${url.search || ''}`, href: url.href,
    };
    if (url.port !== '') o.port = Number(url.port);
    if (url.username || url.password) o.auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    return o;
  };
  exports.fileURLToPath = internals.fileURLToPath;
  exports.fileURLToPathBuffer = function fileURLToPathBuffer(url, options) {
    return internals.builtin('buffer').Buffer.from(internals.fileURLToPath(url, options));
  };
  exports.pathToFileURL = function pathToFileURL(p) {
    const abs = internals.builtin('path').resolve(String(p));
    const u = new URL('file://');
    u.pathname = abs.replace(/%/g, '%25').replace(/\\/g, '%5C').replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/\t/g, '%09') + (String(p).endsWith('/') && abs !== '/' ? '/' : '');
    return u;
  };
})
