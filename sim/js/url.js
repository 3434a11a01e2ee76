// url.js: a small WHATWG URL for file: and http(s): URLs, and fileURLToPath/pathToFileURL.
(function (exports, internals) {
  'use strict';
  class URL {
    constructor(input, base) {
      let s = String(input);
      if (!/^[a-z][a-z0-9+.-]*:/i.test(s)) {
        if (base === undefined) throw internals.makeError(TypeError, 'ERR_INVALID_URL', 'Invalid URL');
        const b = new URL(base);
        s = b.origin === 'null' ? 'file://' + (s.startsWith('/') ? s : b.pathname.replace(/[^/]*$/, '') + s) : b.origin + (s.startsWith('/') ? s : b.pathname.replace(/[^/]*$/, '') + s);
      }
      const m = /^([a-z][a-z0-9+.-]*:)(\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(s);
      if (!m) throw internals.makeError(TypeError, 'ERR_INVALID_URL', 'Invalid URL');
      this.protocol = m[1].toLowerCase();
      this.host = m[3] || '';
      this.hostname = this.host.replace(/:\d+$/, '');
      this.port = (/:(\d+)$/.exec(this.host) || [])[1] || '';
      this.pathname = m[4] || '/';
      this.search = m[5] || '';
      this.hash = m[6] || '';
      this.searchParams = new URLSearchParams(this.search);
    }
    get origin() { return this.protocol === 'file:' ? 'null' : this.protocol + '//' + this.host; }
    get href() { return this.protocol + (this.protocol === 'file:' || this.host ? '//' : '') + this.host + this.pathname + this.search + this.hash; }
    toString() { return this.href; }
    toJSON() { return this.href; }
  }
  class URLSearchParams {
    constructor(init) {
      this._p = [];
      const s = typeof init === 'string' ? init.replace(/^\?/, '') : '';
      if (s) for (const kv of s.split('&')) { const [k, v = ''] = kv.split('='); this._p.push([decodeURIComponent(k), decodeURIComponent(v)]); }
    }
    get(k) { const e = this._p.find((p) => p[0] === k); return e ? e[1] : null; }
    has(k) { return this._p.some((p) => p[0] === k); }
    set(k, v) { this._p = this._p.filter((p) => p[0] !== k); this._p.push([k, String(v)]); }
    append(k, v) { this._p.push([k, String(v)]); }
    toString() { return this._p.map(([k, v]) => encodeURIComponent(k) + '=' + encodeURIComponent(v)).join('&'); }
  }
  exports.URL = URL;
  exports.URLSearchParams = URLSearchParams;
  exports.fileURLToPath = internals.fileURLToPath;
  exports.pathToFileURL = (p) => new URL('file://' + internals.builtin('path').resolve(p));
})
