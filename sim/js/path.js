// path.js: node:path, POSIX (the default, posix) and Windows (win32) flavours, written
// from Node's documented behaviour: segments are normalized ('.', '..', repeated
// separators), a trailing separator survives normalize and join, resolve works from the
// right until a path is absolute and starts from process.cwd(). win32 accepts both
// separators, drive roots (C:\, C:) and UNC roots (\\server\share\).
(function (exports, internals) {
  'use strict';
  const { invalidArgType } = internals;
  function check(v, name = 'path') { if (typeof v !== 'string') throw invalidArgType(name, 'of type string', v); }

  // makePath builds one flavour from its separators and how it splits off a root.
  function makePath(win) {
    const sep = win ? '\\' : '/';
    const isSep = win ? (c) => c === '/' || c === '\\' : (c) => c === '/';
    // splitRoot(p) -> [root, rest]: the root as written, its separator made sep.
    function splitRoot(p) {
      if (!win) return p[0] === '/' ? ['/', p.slice(1)] : ['', p];
      if (isSep(p[0]) && isSep(p[1]) && p.length > 2 && !isSep(p[2])) { // UNC: \\server\share
        const parts = p.slice(2).split(/[\\/]+/);
        if (parts.length >= 2 && parts[1] !== '') {
          const root = '\\\\' + parts[0] + '\\' + parts[1];
          const rest = parts.slice(2).join('\\');
          return [root + '\\', rest];
        }
      }
      if (/^[a-zA-Z]:/.test(p)) {
        const drive = p.slice(0, 2).toUpperCase() === p.slice(0, 2) ? p.slice(0, 2) : p[0] + ':';
        return isSep(p[2]) ? [drive + '\\', p.slice(3)] : [drive, p.slice(2)];
      }
      return isSep(p[0]) ? ['\\', p.slice(1)] : ['', p];
    }
    const absoluteRoot = (root) => root !== '' && isSep(root[root.length - 1]);
    // segments: the normalized segments of rest ('..' kept only where it can climb).
    function segments(rest, absolute) {
      const out = [];
      for (const part of rest.split(win ? /[\\/]/ : '/')) {
        if (part === '' || part === '.') continue;
        if (part === '..') {
          if (out.length && out[out.length - 1] !== '..') out.pop();
          else if (!absolute) out.push('..');
          continue;
        }
        out.push(part);
      }
      return out;
    }
    function normalize(p) {
      check(p);
      if (p === '') return '.';
      const [root, rest] = splitRoot(p);
      const abs = absoluteRoot(root);
      let s = segments(rest, abs).join(sep);
      if (s === '' && !abs) s = '.';
      else if (s !== '' && isSep(p[p.length - 1])) s += sep;
      return root + s;
    }
    function join(...parts) {
      for (const p of parts) check(p);
      const joined = parts.filter((p) => p !== '').join(sep);
      return joined === '' ? '.' : normalize(joined);
    }
    function resolve(...parts) {
      let root = '', rest = '';
      for (let i = parts.length - 1; i >= -1; i--) {
        const p = i >= 0 ? parts[i] : internals.process.cwd();
        check(p, 'paths[' + i + ']');
        if (p === '') continue;
        const [r, tail] = splitRoot(p);
        const drive = (x) => (/^[a-zA-Z]:/.test(x) ? x.slice(0, 2).toLowerCase() : '');
        if (win && drive(root) && drive(r) && drive(r) !== drive(root)) continue; // another drive's path
        rest = tail + (rest ? sep + rest : '');
        if (root === '') root = r;
        if (absoluteRoot(r)) {
          if (!absoluteRoot(root)) root = drive(root) && !drive(r) ? root + '\\' : r;
          break;
        }
      }
      if (!absoluteRoot(root)) root = win ? root + '\\' : '/';
      return root + segments(rest, true).join(sep);
    }
    function isAbsolute(p) { check(p); const [root] = splitRoot(p); return absoluteRoot(root) || (win && isSep(p[0])); }
    function relative(from, to) {
      check(from, 'from'); check(to, 'to');
      if (from === to) return '';
      const a = resolve(from), b = resolve(to);
      const same = win ? (x, y) => x.toLowerCase() === y.toLowerCase() : (x, y) => x === y;
      if (same(a, b)) return '';
      const [ra, resta] = splitRoot(a), [rb, restb] = splitRoot(b);
      if (!same(ra, rb)) return b;
      const pa = segments(resta, true), pb = segments(restb, true);
      let i = 0;
      while (i < pa.length && i < pb.length && same(pa[i], pb[i])) i++;
      return pa.slice(i).map(() => '..').concat(pb.slice(i)).join(sep);
    }
    // trimmed: p without its trailing separators (a lone root stays).
    function trimmed(p) {
      const [root] = splitRoot(p);
      let end = p.length;
      while (end > root.length && isSep(p[end - 1])) end--;
      return p.slice(0, end);
    }
    // dirname: p up to the separator before its last segment (a run of separators
    // there is kept but the last, as Node keeps it), or the root, or '.'.
    function dirname(p) {
      check(p);
      if (p === '') return '.';
      const [root] = splitRoot(p);
      const rl = root.length;
      let i = p.length - 1;
      while (i >= rl && isSep(p[i])) i--;
      while (i >= rl && !isSep(p[i])) i--;
      if (i < rl) return root === '' ? '.' : root;
      if (!win && i === 1 && root === '/') return '//';
      return p.slice(0, i) || root;
    }
    function basename(p, suffix) {
      check(p);
      if (suffix !== undefined) check(suffix, 'suffix');
      const [root] = splitRoot(p);
      const t = trimmed(p).slice(root.length);
      let i = t.length - 1;
      while (i >= 0 && !isSep(t[i])) i--;
      let base = t.slice(i + 1);
      if (suffix !== undefined && suffix !== '' && base.endsWith(suffix)) base = base.slice(0, base.length - suffix.length);
      return base;
    }
    function extname(p) {
      check(p);
      const base = basename(p);
      const dot = base.lastIndexOf('.');
      if (dot <= 0 || base === '..' || /^\.+$/.test(base.slice(0, dot + 1)) && dot === base.length - 1 && /^\.+$/.test(base)) return '';
      return base.slice(dot);
    }
    function parse(p) {
      check(p);
      const out = { root: '', dir: '', base: '', ext: '', name: '' };
      if (p === '') return out;
      const [root] = splitRoot(p);
      out.root = absoluteRoot(root) || win ? root : '';
      out.base = basename(p);
      out.ext = extname(p);
      out.name = out.ext ? out.base.slice(0, out.base.length - out.ext.length) : out.base;
      const t = trimmed(p);
      const lastSep = Math.max(t.lastIndexOf('/'), win ? t.lastIndexOf('\\') : -1);
      out.dir = lastSep < root.length ? (root !== '' ? root : '') : dirname(p);
      if (out.base === '' && root !== '') out.dir = root;
      return out;
    }
    function format(obj) {
      if (obj === null || typeof obj !== 'object') throw invalidArgType('pathObject', 'of type object', obj);
      const dir = obj.dir || obj.root;
      const ext = obj.ext ? (obj.ext[0] === '.' ? obj.ext : '.' + obj.ext) : '';
      const base = obj.base || (obj.name || '') + ext;
      if (!dir) return base;
      return dir === obj.root ? dir + base : dir + sep + base;
    }
    function toNamespacedPath(p) {
      if (!win || typeof p !== 'string' || p === '') return p;
      const r = resolve(p);
      if (/^[a-zA-Z]:\\/.test(r)) return '\\\\?\\' + r;
      if (r.startsWith('\\\\') && !r.startsWith('\\\\?\\')) return '\\\\?\\UNC\\' + r.slice(2);
      return p;
    }
    // matchesGlob: * and ? within a segment, ** across segments, {a,b} and [...] classes.
    function matchesGlob(p, pattern) {
      check(p); check(pattern, 'pattern');
      let re = '';
      for (let i = 0; i < pattern.length; i++) {
        const c = pattern[i];
        if (c === '*') {
          if (pattern[i + 1] === '*') {
            i++;
            if (isSep(pattern[i + 1] || '')) { i++; re += '(?:.*[\\\\/])?'; } else re += '.*';
          } else re += win ? '[^\\\\/]*' : '[^/]*';
        } else if (c === '?') re += win ? '[^\\\\/]' : '[^/]';
        else if (c === '{') {
          const end = pattern.indexOf('}', i);
          if (end < 0) { re += '\\{'; continue; }
          re += '(?:' + pattern.slice(i + 1, end).split(',').map((s) => s.replace(/[.+^$()|\\]/g, '\\$&').replace(/\*/g, '[^/]*')).join('|') + ')';
          i = end;
        } else if (c === '[') {
          const end = pattern.indexOf(']', i + 1);
          if (end < 0) { re += '\\['; continue; }
          re += '[' + pattern.slice(i + 1, end).replace(/^!/, '^') + ']';
          i = end;
        } else if (win && isSep(c)) re += '[\\\\/]';
        else re += c.replace(/[.+^$()|\\\]]/g, '\\$&');
      }
      return new RegExp('^' + re + '$', win ? 'i' : '').test(p);
    }
    return {
      sep, delimiter: win ? ';' : ':', normalize, join, resolve, isAbsolute, relative, dirname, basename, extname,
      parse, format, toNamespacedPath, _makeLong: toNamespacedPath, matchesGlob,
    };
  }

  const posix = makePath(false);
  const win32 = makePath(true);
  posix.posix = posix; posix.win32 = win32;
  win32.posix = posix; win32.win32 = win32;
  Object.assign(exports, posix);
  return posix;
})
