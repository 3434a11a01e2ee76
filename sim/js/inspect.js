// inspect.js: a small util.inspect and util.format, until sim/internal/inspect (Node's
// full algorithm) replaces it.
(function () {
  'use strict';
  const quote = (s) => {
    let q = "'";
    if (s.includes("'")) {
      if (!s.includes('"')) q = '"';
      else if (!s.includes('`') && !s.includes('${')) q = '`';
    }
    let body = s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r');
    if (q === "'") body = body.replace(/'/g, "\\'");
    return q + body + q;
  };
  const keyOf = (k) => (typeof k === 'symbol' ? '[' + k.toString() + ']' : /^[A-Za-z_$][\w$]*$/.test(k) ? k : quote(k));

  function inspect(v, opts) {
    const depth = opts && opts.depth !== undefined ? (opts.depth === null ? Infinity : opts.depth) : 2;
    const seen = [];
    const fmt = (x, level, nested) => {
      switch (typeof x) {
        case 'string': return nested ? quote(x) : x;
        case 'number': return Object.is(x, -0) ? '-0' : String(x);
        case 'bigint': return String(x) + 'n';
        case 'symbol': return x.toString();
        case 'undefined': return 'undefined';
        case 'boolean': return String(x);
        case 'function': {
          const isClass = /^class\b/.test(Function.prototype.toString.call(x));
          const name = x.name ? ': ' + x.name : ' (anonymous)';
          return isClass ? '[class ' + (x.name || '(anonymous)') + ']' : '[Function' + name + ']';
        }
      }
      if (x === null) return 'null';
      if (seen.includes(x)) return '[Circular *1]';
      if (x instanceof Error) {
        const stack = typeof x.stack === 'string' ? x.stack : '';
        return String(x) + (stack ? '\n' + stack.replace(/\n$/, '') : '');
      }
      if (x instanceof Date) return isNaN(x) ? 'Invalid Date' : x.toISOString();
      if (x instanceof RegExp) return String(x);
      if (level > depth) return Array.isArray(x) ? '[Array]' : '[Object]';
      seen.push(x);
      let out;
      if (Array.isArray(x)) {
        const items = x.map((e) => fmt(e, level + 1, true));
        out = items.length ? '[ ' + items.join(', ') + ' ]' : '[]';
      } else if (x instanceof Map) {
        const items = [...x].map(([k, e]) => fmt(k, level + 1, true) + ' => ' + fmt(e, level + 1, true));
        out = 'Map(' + x.size + ') ' + (items.length ? '{ ' + items.join(', ') + ' }' : '{}');
      } else if (x instanceof Set) {
        const items = [...x].map((e) => fmt(e, level + 1, true));
        out = 'Set(' + x.size + ') ' + (items.length ? '{ ' + items.join(', ') + ' }' : '{}');
      } else if (x instanceof Promise) {
        out = 'Promise { <pending> }';
      } else {
        const items = Object.keys(x).map((k) => keyOf(k) + ': ' + fmt(x[k], level + 1, true));
        const proto = Object.getPrototypeOf(x);
        const ctor = proto === null ? '[Object: null prototype] ' : proto.constructor && proto.constructor.name !== 'Object' ? proto.constructor.name + ' ' : '';
        out = ctor + (items.length ? '{ ' + items.join(', ') + ' }' : '{}');
      }
      seen.pop();
      if (out.length > 72 && !out.includes('\n')) {
        // Node breaks long objects one entry per line.
      }
      return out;
    };
    return fmt(v, 0, false);
  }

  function format(...args) {
    if (args.length === 0) return '';
    let first = args[0];
    let rest = 1;
    let out = '';
    if (typeof first === 'string' && first.includes('%')) {
      let i = 0;
      out = first.replace(/%([sdifjoOc%])/g, (m, c) => {
        if (c === '%') return '%';
        if (rest >= args.length) return m;
        const a = args[rest++];
        switch (c) {
          case 's': return typeof a === 'string' ? a : typeof a === 'bigint' ? a + 'n' : typeof a === 'object' && a !== null ? inspect(a, { depth: 1 }) : String(a);
          case 'd': case 'i': return typeof a === 'bigint' ? a + 'n' : String(c === 'i' ? parseInt(a) : Number(a));
          case 'f': return String(parseFloat(a));
          case 'j': try { return JSON.stringify(a); } catch (e) { return '[Circular]'; }
          case 'c': return '';
          default: return inspect(a);
        }
      });
      i = rest;
      rest = i;
    } else {
      out = typeof first === 'string' ? first : inspect(first);
    }
    for (; rest < args.length; rest++) {
      const a = args[rest];
      out += ' ' + (typeof a === 'string' ? a : inspect(a));
    }
    return out;
  }
  return { inspect, format, formatWithOptions: (opts, ...a) => format(...a) };
})
