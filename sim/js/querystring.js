// querystring.js: node:querystring. parse splits on sep and eq, decodes '+' as a space and
// percent-escapes (a bad escape is kept as written), gathers repeated keys into arrays,
// and stops after maxKeys (1000) pairs; stringify encodes as escape does (as
// encodeURIComponent) and repeats a key for each array item.
(function (exports, internals) {
  'use strict';
  const { Buffer } = internals.builtin('buffer');
  function unescape(s, decodeSpaces) {
    try { return decodeURIComponent(s); } catch (e) { return unescapeBuffer(s, decodeSpaces).toString(); }
  }
  function unescapeBuffer(s, decodeSpaces) {
    const out = [];
    const str = String(s);
    for (let i = 0; i < str.length; i++) {
      const c = str[i];
      if (c === '+' && decodeSpaces) out.push(32);
      else if (c === '%' && /^[0-9a-fA-F]{2}$/.test(str.slice(i + 1, i + 3))) { out.push(parseInt(str.slice(i + 1, i + 3), 16)); i += 2; }
      else for (const b of Buffer.from(c)) out.push(b);
    }
    return Buffer.from(out);
  }
  function escape(s) {
    if (typeof s !== 'string') s = typeof s === 'object' ? String(s) : String(s);
    return encodeURIComponent(s);
  }
  function stringifyPrimitive(v) {
    if (typeof v === 'string') return v;
    if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
    return '';
  }
  function stringify(obj, sep = '&', eq = '=', options) {
    const encode = (options && options.encodeURIComponent) || escape;
    if (obj === null || typeof obj !== 'object') return '';
    const parts = [];
    for (const k of Object.keys(obj)) {
      const v = obj[k];
      const key = encode(stringifyPrimitive(k)) + eq;
      if (Array.isArray(v)) for (const item of v) parts.push(key + encode(stringifyPrimitive(item)));
      else parts.push(key + encode(stringifyPrimitive(v)));
    }
    return parts.join(sep);
  }
  function parse(qs, sep = '&', eq = '=', options) {
    const out = { __proto__: null };
    if (typeof qs !== 'string' || qs.length === 0) return out;
    const decode = (options && options.decodeURIComponent) || ((s) => unescape(s, true));
    const maxKeys = options && typeof options.maxKeys === 'number' ? options.maxKeys : 1000;
    let pairs = qs.split(sep || '&');
    if (maxKeys > 0) pairs = pairs.slice(0, maxKeys);
    for (const pair of pairs) {
      if (pair === '') continue;
      const at = pair.indexOf(eq || '=');
      const rawKey = at < 0 ? pair : pair.slice(0, at);
      const rawValue = at < 0 ? '' : pair.slice(at + (eq || '=').length);
      const k = decode(rawKey.replace(/\+/g, ' '));
      const v = decode(rawValue.replace(/\+/g, ' '));
      if (!(k in out)) out[k] = v;
      else if (Array.isArray(out[k])) out[k].push(v);
      else out[k] = [out[k], v];
    }
    return out;
  }
  Object.assign(exports, { parse, stringify, escape, unescape, unescapeBuffer, decode: parse, encode: stringify });
})
