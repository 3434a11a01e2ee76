// path.js: the POSIX parts of node:path programs commonly use.
(function (exports, internals) {
  'use strict';
  function normalize(p) {
    const abs = p.startsWith('/');
    const out = [];
    for (const part of p.split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') { if (out.length && out[out.length - 1] !== '..') out.pop(); else if (!abs) out.push('..'); continue; }
      out.push(part);
    }
    const s = (abs ? '/' : '') + out.join('/');
    return s || (abs ? '/' : '.');
  }
  function join(...parts) { return normalize(parts.filter((p) => p !== '').join('/')); }
  function resolve(...parts) {
    let p = '';
    for (let i = parts.length - 1; i >= 0 && !p.startsWith('/'); i--) p = parts[i] + (p ? '/' + p : '');
    if (!p.startsWith('/')) p = internals.process.cwd() + '/' + p;
    return normalize(p);
  }
  function basename(p, ext) { let b = p.replace(/\/+$/, '').split('/').pop(); if (ext && b.endsWith(ext)) b = b.slice(0, -ext.length); return b; }
  function dirname(p) { const i = p.replace(/\/+$/, '').lastIndexOf('/'); return i < 0 ? '.' : (i === 0 ? '/' : p.slice(0, i)); }
  function extname(p) { const b = basename(p); const i = b.lastIndexOf('.'); return i <= 0 ? '' : b.slice(i); }
  Object.assign(exports, { sep: '/', delimiter: ':', normalize, join, resolve, basename, dirname, extname, isAbsolute: (p) => p.startsWith('/') });
  exports.posix = exports;
})
