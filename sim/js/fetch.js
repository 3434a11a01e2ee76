// fetch.js: the Fetch API Node has as globals (fetch, Headers, Request, Response,
// FormData), written from the Fetch standard with the behaviour of Node's undici:
// - fetch() sends HTTP/1.1 over a socket of its own pool (one keep-alive connection per
//   origin, reused; an idle connection keeps nothing alive), with undici's request
//   headers; it resolves once the response's head has arrived, and the body is a byte
//   ReadableStream fed as the socket delivers it;
// - a failure rejects with TypeError('fetch failed') whose cause is the socket's error;
//   an aborted signal rejects with the signal's reason;
// - only http: URLs of this program's servers and of the scenario's upstreams are
//   reachable (https: is refused as unsupported).
(function (exports, internals) {
  'use strict';
  const { makeError, invalidArgType } = internals;
  const { Buffer } = internals.builtin('buffer');
  const web = internals.builtin('stream/web');
  const webInternals = web[Symbol.for('looplab.streamweb.internals')];
  const { HTTPParser } = internals.builtin('http_parser');
  const net = internals.builtin('net');
  const netInternals = net[Symbol.for('looplab.net.internals')];
  const inspect = Symbol.for('nodejs.util.inspect.custom');
  const textEncoder = () => new (internals.builtin('util').TextEncoder)();
  const textDecoder = () => new (internals.builtin('util').TextDecoder)();

  // ---- Headers ----------------------------------------------------------------------------
  const headerNameRE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
  const normalizeValue = (v) => String(v).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  const forbiddenResponse = new Set(['set-cookie', 'set-cookie2']);
  const kList = Symbol('header list');
  const kGuard = Symbol('guard');

  class Headers {
    constructor(init = undefined) {
      this[kList] = new Map(); // lower name -> { name, values }
      this[kGuard] = 'none';
      if (init === undefined || init === null) return;
      fillHeaders(this, init, 'Headers constructor');
    }
    append(name, value) { appendHeader(this, name, value, 'Headers.append'); }
    delete(name) {
      name = checkName(name, 'Headers.delete');
      if (this[kGuard] === 'immutable') throw new TypeError('immutable');
      this[kList].delete(name.toLowerCase());
    }
    get(name) {
      name = checkName(name, 'Headers.get');
      const e = this[kList].get(name.toLowerCase());
      return e === undefined ? null : e.values.join(', ');
    }
    getSetCookie() {
      const e = this[kList].get('set-cookie');
      return e === undefined ? [] : e.values.slice();
    }
    has(name) { name = checkName(name, 'Headers.has'); return this[kList].has(name.toLowerCase()); }
    set(name, value) {
      name = checkName(name, 'Headers.set');
      value = normalizeValue(value);
      if (/[\0\r\n]/.test(value)) throw new TypeError('Headers.set: "' + value + '" is an invalid header value.');
      if (this[kGuard] === 'immutable') throw new TypeError('immutable');
      const lower = name.toLowerCase();
      const e = this[kList].get(lower);
      if (e === undefined) this[kList].set(lower, { name, values: [value] });
      else e.values = [value];
    }
    forEach(callback, thisArg = undefined) {
      if (typeof callback !== 'function') throw new TypeError("Headers.forEach: Argument 1 could not be converted to: Function.");
      for (const [k, v] of this) Reflect.apply(callback, thisArg, [v, k, this]);
    }
    *entries() {
      for (const k of [...this[kList].keys()].sort()) {
        const e = this[kList].get(k);
        if (k === 'set-cookie') for (const v of e.values) yield [k, v];
        else yield [k, e.values.join(', ')];
      }
    }
    *keys() { for (const [k] of this.entries()) yield k; }
    *values() { for (const [, v] of this.entries()) yield v; }
    [Symbol.iterator]() { return this.entries(); }
    [inspect](depth, options, insp) {
      const o = {};
      for (const e of this[kList].values()) o[e.name] = e.values.join(', ');
      return 'Headers ' + insp(o, options);
    }
  }
  Object.defineProperty(Headers.prototype, Symbol.toStringTag, { value: 'Headers', configurable: true });
  for (const k of ['append', 'delete', 'get', 'getSetCookie', 'has', 'set', 'forEach', 'entries', 'keys', 'values']) {
    Object.defineProperty(Headers.prototype, k, { enumerable: true });
  }

  function checkName(name, where) {
    name = String(name);
    if (!headerNameRE.test(name)) throw new TypeError(where + ': "' + name + '" is an invalid header name.');
    return name;
  }
  function appendHeader(h, name, value, where) {
    name = checkName(name, where);
    value = normalizeValue(value);
    if (/[\0\r\n]/.test(value)) throw new TypeError(where + ': "' + value + '" is an invalid header value.');
    if (h[kGuard] === 'immutable') throw new TypeError('immutable');
    if (h[kGuard] === 'response' && forbiddenResponse.has(name.toLowerCase())) return;
    const lower = name.toLowerCase();
    const e = h[kList].get(lower);
    if (e === undefined) h[kList].set(lower, { name, values: [value] });
    else e.values.push(value);
  }
  function fillHeaders(h, init, where) {
    if (init instanceof Headers) {
      for (const e of init[kList].values()) for (const v of e.values) appendHeader(h, e.name, v, where);
      return;
    }
    if (typeof init !== 'object') throw new TypeError(where + ": Expected init to be an object.");
    if (typeof init[Symbol.iterator] === 'function') {
      for (const pair of init) {
        const p = Array.from(pair);
        if (p.length !== 2) throw new TypeError(where + ': expected name/value pair to be length 2, found ' + p.length + '.');
        appendHeader(h, p[0], p[1], where);
      }
      return;
    }
    for (const k of Object.keys(init)) appendHeader(h, k, init[k], where);
  }

  // ---- bodies ---------------------------------------------------------------------------------
  // A body is { stream, source, length, type }: source is the bytes when they are known
  // (a string, a buffer), stream the ReadableStream made from them on first use.
  function extractBody(object) {
    let source = null, type = null;
    if (typeof object === 'string') { source = Buffer.from(object); type = 'text/plain;charset=UTF-8'; }
    else if (object instanceof URLSearchParams) { source = Buffer.from(object.toString()); type = 'application/x-www-form-urlencoded;charset=UTF-8'; }
    else if (object instanceof ArrayBuffer) source = Buffer.from(object.slice(0));
    else if (ArrayBuffer.isView(object)) source = Buffer.from(object.buffer.slice(object.byteOffset, object.byteOffset + object.byteLength));
    else if (isBlob(object)) { source = Buffer.from(blobBytes(object)); type = object.type || null; }
    else if (object instanceof FormData) {
      const boundary = '----formdata-undici-0' + String(Math.floor(Math.random() * 1e11)).padStart(11, '0');
      source = Buffer.from(serializeFormData(object, boundary));
      type = 'multipart/form-data; boundary=' + boundary;
    } else if (object instanceof web.ReadableStream) {
      return { stream: object, source: null, length: null, type: null };
    } else if (object !== null && typeof object === 'object' && typeof object[Symbol.asyncIterator] === 'function') {
      return { stream: web.ReadableStream.from(object), source: null, length: null, type: null };
    } else {
      source = Buffer.from(String(object));
      type = 'text/plain;charset=UTF-8';
    }
    return { stream: null, source, length: source.length, type };
  }
  const isBlob = (v) => v !== null && typeof v === 'object' && (Object.prototype.toString.call(v) === '[object Blob]' || Object.prototype.toString.call(v) === '[object File]') && typeof v.arrayBuffer === 'function';
  const blobBytes = (b) => internals.blobBytes(b);
  function bodyStream(body) {
    if (body.stream === null) {
      const src = webInternals.byteSource();
      if (body.source.length > 0) src.push(new Uint8Array(body.source));
      src.end();
      body.stream = src.stream;
    }
    return body.stream;
  }
  function serializeFormData(fd, boundary) {
    let out = '';
    for (const [name, value] of fd) {
      out += '--' + boundary + '\r\nContent-Disposition: form-data; name="' + name + '"';
      if (typeof value === 'string') out += '\r\n\r\n' + value + '\r\n';
      else out += '; filename="' + (value.name || 'blob') + '"\r\nContent-Type: ' + (value.type || 'application/octet-stream') + '\r\n\r\n' + Buffer.from(blobBytes(value)).toString('latin1') + '\r\n';
    }
    return out + '--' + boundary + '--\r\n';
  }

  const kBody = Symbol('body');
  const kState = Symbol('state');
  // Body mixin: the readers of a body, each once.
  const bodyMixin = {
    get body() { return this[kBody] === null ? null : bodyStream(this[kBody]); },
    get bodyUsed() { return this[kBody] !== null && webInternals.isDisturbed(bodyStream(this[kBody])); },
    arrayBuffer() { return consume(this, (bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)); },
    blob() { return consume(this, (bytes) => new (internals.Blob)([bytes], { type: mimeOf(this) })); },
    bytes() { return consume(this, (bytes) => new Uint8Array(bytes)); },
    formData() { return consume(this, (bytes) => parseFormData(this, bytes)); },
    json() { return consume(this, (bytes) => JSON.parse(utf8(bytes))); },
    text() { return consume(this, (bytes) => utf8(bytes)); },
  };
  const utf8 = (bytes) => textDecoder().decode(bytes);
  const mimeOf = (o) => { const t = o.headers.get('content-type'); return t === null ? '' : t.toLowerCase(); };
  function parseFormData(o, bytes) {
    const type = mimeOf(o);
    const fd = new FormData();
    if (type.startsWith('application/x-www-form-urlencoded')) {
      for (const [k, v] of new URLSearchParams(utf8(bytes))) fd.append(k, v);
      return fd;
    }
    throw new TypeError('Content-Type was not one of "multipart/form-data" or "application/x-www-form-urlencoded".');
  }
  // consume reads the whole body through its stream, as the standard's "fully read" does.
  function consume(o, convert) {
    if (o[kBody] !== null) {
      const stream = bodyStream(o[kBody]);
      if (webInternals.isDisturbed(stream) || webInternals.isLocked(stream)) {
        return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
      }
    }
    if (o[kBody] === null) return Promise.resolve().then(() => convert(new Uint8Array(0)));
    const reader = bodyStream(o[kBody]).getReader();
    const chunks = [];
    let total = 0;
    return new Promise((resolve, reject) => {
      const step = () => reader.read().then(({ value, done }) => {
        if (done) {
          const all = new Uint8Array(total);
          let off = 0;
          for (const c of chunks) { all.set(c, off); off += c.length; }
          try { resolve(convert(all)); } catch (e) { reject(e); }
          return;
        }
        if (!(value instanceof Uint8Array)) { reject(new TypeError('Received non-Uint8Array chunk')); return; }
        chunks.push(value);
        total += value.length;
        step();
      }, reject);
      step();
    });
  }
  function installBody(C) {
    for (const k of Object.keys(bodyMixin)) {
      Object.defineProperty(C.prototype, k, Object.assign(Object.getOwnPropertyDescriptor(bodyMixin, k), { enumerable: true }));
    }
  }

  // ---- Response -------------------------------------------------------------------------------
  const nullBodyStatus = (s) => s === 101 || s === 103 || s === 204 || s === 205 || s === 304;
  class Response {
    constructor(body = null, init = {}) {
      if (init !== null && typeof init !== 'object') throw new TypeError("Response constructor: Expected init to be an object.");
      init = init || {};
      const status = init.status === undefined ? 200 : Number(init.status);
      if (!(status >= 200 && status <= 599)) throw new RangeError('init["status"] must be in the range of 200 to 599, inclusive.');
      const statusText = init.statusText === undefined ? '' : String(init.statusText);
      this[kState] = { type: 'default', status, statusText, url: '', urlList: [], redirected: false };
      this.headers0 = undefined;
      const headers = new Headers(init.headers);
      headers[kGuard] = 'response';
      this[kState].headers = headers;
      this[kBody] = null;
      if (body !== null && body !== undefined) {
        if (nullBodyStatus(status)) throw new TypeError('Response constructor: Invalid response status code ' + status);
        const b = extractBody(body);
        this[kBody] = b;
        if (b.type !== null && !headers.has('content-type')) headers.append('content-type', b.type);
      }
      delete this.headers0;
    }
    get type() { return this[kState].type; }
    get url() { return this[kState].url; }
    get redirected() { return this[kState].redirected; }
    get status() { return this[kState].status; }
    get ok() { return this[kState].status >= 200 && this[kState].status <= 299; }
    get statusText() { return this[kState].statusText; }
    get headers() { return this[kState].headers; }
    clone() {
      if (this.bodyUsed || (this[kBody] && webInternals.isLocked(bodyStream(this[kBody])))) throw new TypeError('Response.clone: Body has already been consumed.');
      const r = Object.create(Response.prototype);
      r[kState] = Object.assign({}, this[kState]);
      r[kState].headers = new Headers(this.headers);
      r[kState].headers[kGuard] = this.headers[kGuard];
      r[kBody] = null;
      if (this[kBody] !== null) {
        const [a, b] = bodyStream(this[kBody]).tee();
        this[kBody] = { stream: a, source: null, length: this[kBody].length, type: this[kBody].type };
        r[kBody] = { stream: b, source: null, length: this[kBody].length, type: this[kBody].type };
      }
      return r;
    }
    static error() {
      const r = new Response(null, { status: 200 });
      r[kState].type = 'error';
      r[kState].status = 0;
      r[kState].headers[kGuard] = 'immutable';
      return r;
    }
    static json(data, init = {}) {
      const text = JSON.stringify(data);
      if (text === undefined) throw new TypeError('Value is not JSON serializable');
      const r = new Response(text, init);
      r.headers.set('content-type', 'application/json');
      return r;
    }
    static redirect(url, status = 302) {
      const u = new URL(String(url));
      if (![301, 302, 303, 307, 308].includes(status)) throw new RangeError('Invalid status code ' + status);
      const r = new Response(null, { status });
      r.headers.set('location', u.href);
      r[kState].headers[kGuard] = 'immutable';
      return r;
    }
    [inspect](depth, options, insp) {
      const s = this[kState];
      return 'Response ' + insp({ status: s.status, statusText: s.statusText, headers: s.headers, body: this.body, bodyUsed: this.bodyUsed,
        ok: this.ok, redirected: s.redirected, type: s.type, url: s.url }, options);
    }
  }
  installBody(Response);
  Object.defineProperty(Response.prototype, Symbol.toStringTag, { value: 'Response', configurable: true });
  for (const k of ['type', 'url', 'redirected', 'status', 'ok', 'statusText', 'headers', 'clone']) Object.defineProperty(Response.prototype, k, { enumerable: true });

  // ---- Request --------------------------------------------------------------------------------
  class Request {
    constructor(input, init = {}) {
      if (arguments.length === 0) throw new TypeError("Request constructor: 1 argument required, but only 0 present.");
      init = init || {};
      let url, method = 'GET', headers, body = null, signal, base = null;
      if (input instanceof Request) {
        base = input;
        url = input.url;
        method = input.method;
        headers = new Headers(input.headers);
        signal = input.signal;
        if (input[kBody] !== null) body = input[kBody];
      } else {
        try {
          url = new URL(String(input)).href;
        } catch (e) {
          throw Object.assign(new TypeError('Failed to parse URL from ' + String(input)), { cause: e });
        }
        headers = new Headers();
      }
      if (init.method !== undefined) {
        const m = String(init.method);
        if (!headerNameRE.test(m)) throw new TypeError("'" + m + "' is not a valid HTTP method.");
        const up = m.toUpperCase();
        if (['CONNECT', 'TRACE', 'TRACK'].includes(up)) throw new TypeError("'" + m + "' HTTP method is unsupported.");
        method = ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH'].includes(up) && up !== 'PATCH' ? up : m;
      }
      if (init.headers !== undefined) headers = new Headers(init.headers);
      if (init.signal !== undefined && init.signal !== null) {
        if (!(init.signal instanceof internals.AbortSignal)) throw new TypeError("Request constructor: Expected signal (\"" + String(init.signal) + "\") to be an instance of AbortSignal.");
        signal = init.signal;
      }
      if ((init.body !== undefined && init.body !== null || body !== null) && (method === 'GET' || method === 'HEAD')) {
        if (init.body !== undefined && init.body !== null) throw new TypeError('Request with GET/HEAD method cannot have body.');
      }
      if (init.body !== undefined && init.body !== null) {
        body = extractBody(init.body);
        if (body.type !== null && !headers.has('content-type')) headers.append('content-type', body.type);
        if (body.stream !== null && init.duplex !== 'half') throw new TypeError('RequestInit: duplex option is required when sending a body.');
      }
      const ac = new (internals.AbortController)();
      if (signal) {
        if (signal.aborted) ac.abort(signal.reason);
        else signal.addEventListener('abort', () => ac.abort(signal.reason), { once: true });
      }
      this[kState] = {
        method, url, headers, signal: ac.signal,
        redirect: init.redirect || (base ? base.redirect : 'follow'),
        cache: init.cache || 'default', credentials: init.credentials || 'same-origin', mode: init.mode || 'cors',
        referrer: init.referrer === undefined ? 'about:client' : String(init.referrer), referrerPolicy: init.referrerPolicy || '',
        integrity: init.integrity || '', keepalive: !!init.keepalive, duplex: init.duplex || 'half',
      };
      this[kBody] = body;
    }
    get method() { return this[kState].method; }
    get url() { return this[kState].url; }
    get headers() { return this[kState].headers; }
    get destination() { return ''; }
    get referrer() { return this[kState].referrer; }
    get referrerPolicy() { return this[kState].referrerPolicy; }
    get mode() { return this[kState].mode; }
    get credentials() { return this[kState].credentials; }
    get cache() { return this[kState].cache; }
    get redirect() { return this[kState].redirect; }
    get integrity() { return this[kState].integrity; }
    get keepalive() { return this[kState].keepalive; }
    get isReloadNavigation() { return false; }
    get isHistoryNavigation() { return false; }
    get signal() { return this[kState].signal; }
    get duplex() { return this[kState].duplex; }
    clone() {
      if (this.bodyUsed) throw new TypeError('Request.clone: Body has already been consumed.');
      const r = new Request(this);
      if (this[kBody] !== null) {
        const [a, b] = bodyStream(this[kBody]).tee();
        this[kBody] = { stream: a, source: null, length: this[kBody].length, type: this[kBody].type };
        r[kBody] = { stream: b, source: null, length: this[kBody].length, type: this[kBody].type };
      }
      return r;
    }
    [inspect](depth, options, insp) {
      const s = this[kState];
      return 'Request ' + insp({ method: s.method, url: s.url, headers: s.headers, destination: '', referrer: s.referrer, referrerPolicy: s.referrerPolicy,
        mode: s.mode, credentials: s.credentials, cache: s.cache, redirect: s.redirect, integrity: s.integrity, keepalive: s.keepalive,
        isReloadNavigation: false, isHistoryNavigation: false, signal: s.signal }, options);
    }
  }
  installBody(Request);
  Object.defineProperty(Request.prototype, Symbol.toStringTag, { value: 'Request', configurable: true });

  // ---- FormData -----------------------------------------------------------------------------
  class FormData {
    #entries = [];
    constructor(form = undefined) {
      if (form !== undefined) throw new TypeError("FormData constructor: Argument 1 could not be converted to: undefined.");
    }
    #value(value, filename) {
      if (isBlob(value)) {
        const File = internals.File;
        if (filename !== undefined || Object.prototype.toString.call(value) !== '[object File]') {
          return new File([value], filename === undefined ? (value.name || 'blob') : String(filename), { type: value.type });
        }
        return value;
      }
      return String(value);
    }
    append(name, value, filename = undefined) { this.#entries.push([String(name), this.#value(value, filename)]); }
    delete(name) { name = String(name); this.#entries = this.#entries.filter((e) => e[0] !== name); }
    get(name) { const e = this.#entries.find((x) => x[0] === String(name)); return e === undefined ? null : e[1]; }
    getAll(name) { return this.#entries.filter((x) => x[0] === String(name)).map((x) => x[1]); }
    has(name) { return this.#entries.some((x) => x[0] === String(name)); }
    set(name, value, filename = undefined) {
      name = String(name);
      const v = this.#value(value, filename);
      const i = this.#entries.findIndex((x) => x[0] === name);
      if (i < 0) { this.#entries.push([name, v]); return; }
      this.#entries[i] = [name, v];
      this.#entries = this.#entries.filter((x, j) => j <= i || x[0] !== name);
    }
    *entries() { for (const e of this.#entries) yield [e[0], e[1]]; }
    *keys() { for (const e of this.#entries) yield e[0]; }
    *values() { for (const e of this.#entries) yield e[1]; }
    forEach(cb, thisArg) { for (const [k, v] of this.#entries) Reflect.apply(cb, thisArg, [v, k, this]); }
    [Symbol.iterator]() { return this.entries(); }
    [inspect](depth, options, insp) { return 'FormData ' + insp(this.#entries.map(([name, value]) => ({ name, value })), options); }
  }
  Object.defineProperty(FormData.prototype, Symbol.toStringTag, { value: 'FormData', configurable: true });

  // ---- the connection pool and fetch -----------------------------------------------------------
  // One keep-alive connection per origin, as undici's pool does for sequential requests;
  // requests that come while it is busy open another.
  const pool = new Map(); // origin -> [ { socket, busy } ]
  function connection(url) {
    const origin = url.protocol + '//' + url.host;
    const list = pool.get(origin) || [];
    pool.set(origin, list);
    for (const c of list) {
      if (!c.busy && !c.socket.destroyed && c.socket.writable) {
        c.busy = true;
        c.socket.ref();
        return c;
      }
    }
    const port = url.port === '' ? 80 : Number(url.port);
    const hostName = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const socket = netInternals.isLoopbackName(hostName)
      ? net.connect({ host: hostName, port })
      : internals.builtin('http')[Symbol.for('looplab.http.internals')].upstreamSocket(hostName, port);
    const c = { socket, busy: true, origin };
    socket.setNoDelay(true);
    socket.on('close', () => {
      const i = list.indexOf(c);
      if (i >= 0) list.splice(i, 1);
    });
    socket.on('error', () => {});
    list.push(c);
    return c;
  }

  // The Fetch standard's bad ports: fetch refuses them before connecting.
  const badPorts = new Set([1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
    103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515,
    526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045,
    4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6697, 10080]);

  function fetch(input, init = undefined) {
    let request;
    try {
      request = new Request(input, init);
    } catch (e) {
      return Promise.reject(e);
    }
    const s = request[kState];
    const url = new URL(s.url);
    if (s.signal.aborted) return Promise.reject(s.signal.reason);
    if (url.protocol === 'https:') return Promise.resolve().then(() => internals.unsupported('fetch() of an https: URL'));
    if (url.protocol === 'http:' && badPorts.has(Number(url.port))) {
      return Promise.resolve().then(() => Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: new Error('bad port') })));
    }
    if (url.protocol !== 'http:') {
      return Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: new Error(url.protocol === 'data:' || url.protocol === 'blob:' ? 'not implemented... yet...' : 'unknown scheme') }));
    }
    return new Promise((resolve, reject) => {
      let settled = false, response = null, feed = null, conn = null;
      const fail = (err) => {
        if (feed !== null) feed.end(err);
        if (settled) return;
        settled = true;
        reject(err);
      };
      const onAbort = () => {
        const reason = s.signal.reason;
        if (conn) conn.socket.destroy();
        fail(reason);
      };
      s.signal.addEventListener('abort', onAbort, { once: true });
      conn = connection(url);
      const socket = conn.socket;
      const cleanup = () => {
        socket.removeListener('data', onData);
        socket.removeListener('end', onEnd);
        socket.removeListener('close', onClose);
        socket.removeListener('error', onError);
        s.signal.removeEventListener('abort', onAbort);
      };
      const parser = new HTTPParser('response', {
        onHeaders: (info) => {
          if (info.statusCode >= 100 && info.statusCode < 200) return true;
          const headers = new Headers();
          for (let i = 0; i < info.rawHeaders.length; i += 2) appendHeaderRaw(headers, info.rawHeaders[i], info.rawHeaders[i + 1]);
          headers[kGuard] = 'immutable';
          feed = webInternals.byteSource((reason) => { socket.destroy(); void reason; });
          response = Object.create(Response.prototype);
          response[kState] = { type: 'basic', status: info.statusCode, statusText: info.statusMessage, url: url.href, redirected: false, headers };
          response[kBody] = nullBodyStatus(info.statusCode) || s.method === 'HEAD' ? null : { stream: feed.stream, source: null, length: null, type: null };
          conn.keepAlive = info.shouldKeepAlive;
          settled = true;
          resolve(response);
          return s.method === 'HEAD';
        },
        onBody: (b) => { if (feed) feed.push(new Uint8Array(b)); },
        onComplete: () => {
          if (feed) feed.end();
          cleanup();
          if (conn.keepAlive) {
            conn.busy = false;
            socket.unref();
          } else socket.end();
        },
      });
      const onData = (d) => {
        const err = parser.execute(d);
        if (err instanceof Error) { socket.destroy(); fail(Object.assign(new TypeError('fetch failed'), { cause: err })); }
      };
      const onEnd = () => {
        parser.finish();
        cleanup();
        if (!settled || (feed && !response)) fail(Object.assign(new TypeError('fetch failed'), { cause: new (internals.SocketError || Error)('other side closed') }));
        else if (feed) feed.end();
      };
      const onClose = () => {
        cleanup();
        if (!settled) fail(Object.assign(new TypeError('fetch failed'), { cause: socket._fetchError || new Error('other side closed') }));
        else if (feed) feed.end(Object.assign(new TypeError('terminated'), { cause: new Error('other side closed') }));
      };
      const onError = (err) => { socket._fetchError = err; };
      socket.on('data', onData);
      socket.on('end', onEnd);
      socket.on('close', onClose);
      socket.on('error', onError);
      // the request: undici's head, then the body
      const head = [];
      const add = (k, v) => head.push(k + ': ' + v);
      add('host', url.host);
      add('connection', 'keep-alive');
      for (const [k, v] of s.headers) add(k, v);
      const has = (k) => s.headers.has(k);
      if (!has('accept')) add('accept', '*/*');
      if (!has('accept-language')) add('accept-language', '*');
      if (!has('sec-fetch-mode')) add('sec-fetch-mode', 'cors');
      if (!has('user-agent')) add('user-agent', 'node');
      if (!has('accept-encoding')) add('accept-encoding', 'gzip, deflate');
      const body = request[kBody];
      const path = url.pathname + url.search;
      const send = (bytes) => {
        if (bytes !== null) add('content-length', String(bytes.length));
        const headBytes = Buffer.from(s.method + ' ' + path + ' HTTP/1.1\r\n' + head.join('\r\n') + '\r\n\r\n', 'latin1');
        socket.write(bytes === null || bytes.length === 0 ? headBytes : Buffer.concat([headBytes, bytes]));
      };
      if (body === null) {
        send(s.method === 'POST' || s.method === 'PUT' || s.method === 'PATCH' ? Buffer.alloc(0) : null);
      } else if (body.source !== null && body.stream === null) {
        send(body.source);
      } else {
        consume({ [kBody]: body, headers: s.headers }, (bytes) => bytes).then((bytes) => send(Buffer.from(bytes)), fail);
      }
    });
  }
  function appendHeaderRaw(h, name, value) {
    const lower = name.toLowerCase();
    const e = h[kList].get(lower);
    if (e === undefined) h[kList].set(lower, { name: lower, values: [value] });
    else e.values.push(value);
  }

  exports.fetch = function fetch_(input, init = undefined) {
    if (arguments.length === 0) return Promise.reject(new TypeError("fetch: 1 argument required, but only 0 present."));
    return fetch(input, init);
  };
  Object.defineProperty(exports.fetch, 'name', { value: 'fetch' });
  Object.assign(exports, { Headers, Request, Response, FormData });
})
