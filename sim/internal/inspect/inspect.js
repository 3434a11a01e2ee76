// util.inspect, util.format and console's formatting for the simulator, written for
// looplab from the behaviour of real Node (testdata/expected-*.json records it, one file
// per Node major). inspect.go runs this script once per runtime; it evaluates to a
// function that takes the host binding (binding.go) and the Node major to imitate, and
// returns the API object (see API in inspect.go).
//
// The script is organised as a printer: `render` turns one value into text, asking
// `classify` what kind of object it is, `header` how its first line starts, an entry
// lister what goes between its braces, and `arrange` how the pieces are laid out (on
// one line, in columns, or one entry per line). What differs between Node majors is
// read from the `since` table below, never tested inline against version numbers.
(function (host, major) {
  'use strict';

  // ---------------------------------------------------------------- profile

  // since: which behaviour the imitated major has (see doc.go for the list).
  const since = {
    // { Symbol(x): 1 } instead of { [Symbol(x)]: 1 }
    bareSymbolKeys: major >= 24,
    // ArrayBuffer { [byteLength]: 2 } and DataView { [buffer]: ... } instead of plain keys
    bracketedBufferFields: major >= 22,
    // an error whose stack is not a string prints its message and the stack inspected
    inspectedOddStacks: major >= 22,
    // a getter that throws shows the error inspected, not its message
    inspectedGetterErrors: major >= 24,
    // repeated runs of stack frames collapse into one line
    collapsedFrames: major >= 22,
    // a subclass hides its Symbol.toStringTag when its name ends with the tag
    // (MyMap(1) { ... }): a quirk of 22 and 24 only
    tagHiddenBySuffix: major === 22 || major === 24,
    // proxies print as Proxy(...) even without showProxy
    wrappedProxies: major >= 26,
    // numericSeparator keeps the sign of -0
    signedZeroSeparator: major >= 26,
    // colors highlight the parts of a regular expression
    regexpHighlight: major >= 26,
    // Node before 12: compact output (breakLength 60, no grouping), sizes and circular
    // references unnumbered, a non-string first console.log argument quoting the rest
    legacy: major < 12,
  };

  // ---------------------------------------------------------------- built-ins

  // Everything the printer uses is taken now, before any program runs, so that a
  // program replacing a built-in does not change what console.log prints. Calls go
  // through these unbound forms: f(thisValue, ...args).
  const callOf = (fn) => Function.prototype.call.bind(fn);
  const getterOf = (proto, name) => callOf(Object.getOwnPropertyDescriptor(proto, name).get);

  const {
    keys: objectKeys, getOwnPropertyNames, getOwnPropertySymbols, getOwnPropertyDescriptor,
    getPrototypeOf, defineProperty, is: sameValue, freeze, create: objectCreate,
  } = Object;
  const hasOwn = callOf(Object.prototype.hasOwnProperty);
  const isEnumerable = callOf(Object.prototype.propertyIsEnumerable);
  const isPrototypeOf = callOf(Object.prototype.isPrototypeOf);
  const isArray = Array.isArray;
  const join = callOf(Array.prototype.join);
  const sortArray = callOf(Array.prototype.sort);
  const strSlice = callOf(String.prototype.slice);
  const strIndexOf = callOf(String.prototype.indexOf);
  const strIncludes = callOf(String.prototype.includes);
  const strStartsWith = callOf(String.prototype.startsWith);
  const strEndsWith = callOf(String.prototype.endsWith);
  const strRepeat = callOf(String.prototype.repeat);
  const padStart = callOf(String.prototype.padStart);
  const padEnd = callOf(String.prototype.padEnd);
  const charCode = callOf(String.prototype.charCodeAt);
  const strSplit = callOf(String.prototype.split);
  const strLastIndexOf = callOf(String.prototype.lastIndexOf);
  const strTrim = callOf(String.prototype.trim);
  const codePointAt = callOf(String.prototype.codePointAt);
  const toHex = callOf(Number.prototype.toString);
  const exec = callOf(RegExp.prototype.exec);
  const regexpSource = callOf(RegExp.prototype.toString);
  const { min, max, floor, sqrt, round, trunc } = Math;
  const { isNaN: numberIsNaN, isInteger, isFinite: numberIsFinite, parseInt: toInt, parseFloat: toFloat } = Number;
  const jsonStringify = JSON.stringify;
  const errorToString = callOf(Error.prototype.toString);
  const functionSource = callOf(Function.prototype.toString);
  const dateTime = callOf(Date.prototype.getTime);
  const dateISO = callOf(Date.prototype.toISOString);
  const dateText = callOf(Date.prototype.toString);
  const symbolText = callOf(Symbol.prototype.toString);
  const symbolDescription = getterOf(Symbol.prototype, 'description');
  const unbox = {
    Number: callOf(Number.prototype.valueOf),
    String: callOf(String.prototype.valueOf),
    Boolean: callOf(Boolean.prototype.valueOf),
    BigInt: callOf(BigInt.prototype.valueOf),
    Symbol: callOf(Symbol.prototype.valueOf),
  };
  const mapSize = getterOf(Map.prototype, 'size');
  const setSize = getterOf(Set.prototype, 'size');
  const typedArrayProto = getPrototypeOf(Uint8Array.prototype);
  const typedLength = getterOf(typedArrayProto, 'length');
  const typedTag = getterOf(typedArrayProto, Symbol.toStringTag);
  const bufferLength = getterOf(ArrayBuffer.prototype, 'byteLength');
  // (read through its descriptor: the simulator makes the global a trap)
  // (the global object reached without globalThis, which Node 10's profile lacks)
  const sharedBufferCtor = getOwnPropertyDescriptor(Function('return this')(), 'SharedArrayBuffer');
  const sharedBufferLength = sharedBufferCtor !== undefined && typeof sharedBufferCtor.value === 'function'
    ? getterOf(sharedBufferCtor.value.prototype, 'byteLength') : (b) => b.byteLength;
  const Bytes = Uint8Array;
  const ErrorPrototype = Error.prototype;
  const ObjectPrototype = Object.prototype;
  const ObjectCtor = Object;
  const ArrayPrototype = Array.prototype;
  const ArrayCtor = Array;
  const toStringTag = Symbol.toStringTag;
  const toPrimitive = Symbol.toPrimitive;
  const customSymbol = Symbol.for('nodejs.util.inspect.custom');
  const StringCtor = String;
  const NumberCtor = Number;
  const { stringWidth: hostWidth } = host;

  // The constructors ECMAScript defines: a prototype owned by one of them ends the walk
  // for showHidden's prototype properties, and a toString inherited from one of them is
  // "built in" for %s.
  const builtinNames = new Set(strSplit(
    'Object Function Array Number Boolean String Symbol BigInt Date Promise RegExp Error ' +
    'AggregateError EvalError RangeError ReferenceError SyntaxError TypeError URIError ' +
    'ArrayBuffer SharedArrayBuffer DataView Map Set WeakMap WeakSet WeakRef ' +
    'FinalizationRegistry Proxy Reflect JSON Math Atomics Intl Iterator Int8Array Uint8Array ' +
    'Uint8ClampedArray Int16Array Uint16Array Int32Array Uint32Array Float16Array ' +
    'Float32Array Float64Array BigInt64Array BigUint64Array', ' '));
  const setHas = callOf(Set.prototype.has);
  const setAdd = callOf(Set.prototype.add);

  // ---------------------------------------------------------------- classes

  // kind names an object's internal class (the engine's, through the binding).
  const kindById = [];
  {
    const ids = host.classes;
    for (const name of objectKeys(ids)) kindById[ids[name]] = name;
  }
  const kindOf = (v) => kindById[host.classOf(v)] || 'Object';
  const typedKinds = new Set(strSplit('Int8Array Uint8Array Uint8ClampedArray Int16Array ' +
    'Uint16Array Int32Array Uint32Array Float16Array Float32Array Float64Array ' +
    'BigInt64Array BigUint64Array', ' '));
  const isTypedKind = (k) => setHas(typedKinds, k);
  const isErrorLike = (v, kind) => kind === 'Error' || isPrototypeOf(ErrorPrototype, v);

  // ---------------------------------------------------------------- options

  const defaults = {
    showHidden: false,
    depth: 2,
    colors: false,
    customInspect: true,
    showProxy: false,
    maxArrayLength: 100,
    maxStringLength: 10000,
    breakLength: 80,
    compact: 3,
    sorted: false,
    getters: false,
    numericSeparator: false,
  };
  if (since.legacy) {
    defaults.breakLength = 60;
    defaults.compact = true;
    delete defaults.maxStringLength;
    delete defaults.getters;
    delete defaults.numericSeparator;
  }
  const optionNames = objectKeys(defaults);
  const isOption = (name) => {
    for (let i = 0; i < optionNames.length; i++) if (optionNames[i] === name) return true;
    return false;
  };

  // Context: one inspection's options and state.
  function newContext(overrides) {
    const ctx = {
      budget: {},
      indent: 0,
      seen: [],
      refs: [],
      lastLevel: 0,
      userOptions: undefined,
      stylize: plain,
    };
    for (let i = 0; i < optionNames.length; i++) ctx[optionNames[i]] = defaults[optionNames[i]];
    if (since.legacy) ctx.maxStringLength = Infinity;
    if (overrides) {
      const names = objectKeys(overrides);
      for (let i = 0; i < names.length; i++) {
        const name = names[i];
        if (isOption(name) || name === 'stylize') ctx[name] = overrides[name];
        else if (ctx.userOptions === undefined) ctx.userOptions = overrides;
      }
    }
    return ctx;
  }

  function finishContext(ctx) {
    if (since.legacy) {
      // Node before 12 had the compact mode only: any true value chose it
      ctx.compact = ctx.compact ? true : false;
      ctx.maxSetLength = Infinity;
    } else {
      ctx.maxSetLength = undefined;
    }
    if (ctx.colors) ctx.stylize = colorize;
    if (ctx.maxArrayLength === null) ctx.maxArrayLength = Infinity;
    if (ctx.maxStringLength === null) ctx.maxStringLength = Infinity;
    return ctx;
  }

  // depthExceeded reports whether an object at level is past the depth option.
  const depthExceeded = (ctx, level) => ctx.depth !== null && level > ctx.depth;

  // ---------------------------------------------------------------- colors

  function plain(text) { return text; }

  function colorize(text, style) {
    const color = inspect.styles[style];
    if (color === undefined) return text;
    const codes = inspect.colors[color];
    if (codes === undefined) return text;
    return `\u001b[${codes[0]}m${text}\u001b[${codes[1]}m`;
  }

  // withoutColors drops the SGR sequences colorize writes.
  function withoutColors(text) {
    if (strIndexOf(text, '\u001b[') === -1) return text;
    let out = '';
    let from = 0;
    for (let at = strIndexOf(text, '\u001b['); at !== -1; at = strIndexOf(text, '\u001b[', from)) {
      let end = at + 2;
      while (end < text.length && charCode(text, end) >= 48 && charCode(text, end) <= 57) end++;
      if (charCode(text, end) !== 109 /* m */) { out += strSlice(text, from, at + 2); from = at + 2; continue; }
      out += strSlice(text, from, at);
      from = end + 1;
    }
    return out + strSlice(text, from);
  }

  // ---------------------------------------------------------------- text

  const unprintable = /[^\x20-\x7e]/;
  const plainKey = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
  const needsEscape = /[\x00-\x1f\x27\x5c\x7f-\x9f\ud800-\udfff]/;

  // width is the number of terminal columns text takes.
  function width(text, removeControls) {
    if (exec(unprintable, text) === null) return text.length;
    return hostWidth(text, removeControls);
  }

  const C0 = ['\\x00', '\\x01', '\\x02', '\\x03', '\\x04', '\\x05', '\\x06', '\\x07', '\\b',
    '\\t', '\\n', '\\x0B', '\\f', '\\r', '\\x0E', '\\x0F', '\\x10', '\\x11', '\\x12', '\\x13',
    '\\x14', '\\x15', '\\x16', '\\x17', '\\x18', '\\x19', '\\x1A', '\\x1B', '\\x1C', '\\x1D',
    '\\x1E', '\\x1F'];

  // escapeText writes text's control characters, backslashes, lone surrogates and (when
  // quote is given) that quote character as escapes.
  function escapeText(text, quote) {
    if (exec(needsEscape, text) === null) return text;
    let out = '';
    let from = 0;
    for (let i = 0; i < text.length; i++) {
      const c = charCode(text, i);
      let rep;
      if (c < 0x20) rep = C0[c];
      else if (c === 0x5c) rep = '\\\\';
      else if (c === quote) rep = quote === 0x27 ? "\\'" : '\\"';
      else if (c >= 0x7f && c <= 0x9f) rep = `\\x${toUpperHex(c)}`;
      else if (c >= 0xd800 && c <= 0xdfff) {
        const next = i + 1 < text.length ? charCode(text, i + 1) : 0;
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) { i++; continue; }
        rep = `\\u${toHex(c, 16)}`;
      } else continue;
      out += strSlice(text, from, i) + rep;
      from = i + 1;
    }
    return out + strSlice(text, from);
  }

  function toUpperHex(c) {
    const digits = '0123456789ABCDEF';
    return digits[c >> 4] + digits[c & 15];
  }

  // quote returns text as a JavaScript string literal: single quotes unless text holds
  // one, then double quotes, then backticks (when no ${ could be read as a template).
  function quote(text) {
    let q = 0x27;
    if (strIncludes(text, "'")) {
      if (!strIncludes(text, '"')) q = 0x22;
      else if (!strIncludes(text, '`') && !strIncludes(text, '${')) q = 0x60;
    }
    if (since.legacy) q = 0x27;
    const mark = q === 0x27 ? "'" : q === 0x22 ? '"' : '`';
    return mark + escapeText(text, q) + mark;
  }

  // lines splits text after each newline.
  function lines(text) {
    const out = [];
    let from = 0;
    for (let at = strIndexOf(text, '\n'); at !== -1; at = strIndexOf(text, '\n', from)) {
      out[out.length] = strSlice(text, from, at + 1);
      from = at + 1;
    }
    if (from < text.length) out[out.length] = strSlice(text, from);
    return out;
  }

  const indentLines = (text, spaces) => strSplitJoin(text, '\n', `\n${strRepeat(' ', spaces)}`);
  function strSplitJoin(text, sep, glue) {
    return strIndexOf(text, sep) === -1 ? text : join(strSplit(text, sep), glue);
  }

  const plural = (n, word) => `${n} ${word}${n > 1 ? 's' : ''}`;
  const moreItems = (n) => `... ${plural(n, 'more item')}`;

  // ---------------------------------------------------------------- primitives

  function groupThousands(digits) {
    let out = '';
    let end = digits.length;
    const start = digits[0] === '-' ? 1 : 0;
    for (; end >= start + 4; end -= 3) out = `_${strSlice(digits, end - 3, end)}${out}`;
    return end === digits.length ? digits : strSlice(digits, 0, end) + out;
  }

  function groupFraction(digits) {
    let out = '';
    let i = 0;
    for (; i < digits.length - 3; i += 3) out += `${strSlice(digits, i, i + 3)}_`;
    return i === 0 ? digits : out + strSlice(digits, i);
  }

  function numberText(n, separators) {
    if (!separators) return n === 0 && 1 / n < 0 ? '-0' : `${n}`;
    if (sameValue(n, -0) && since.signedZeroSeparator) return '-0';
    const whole = trunc(n);
    const wholeText = `${whole}`;
    if (whole === n) {
      if (!numberIsFinite(n) || strIncludes(wholeText, 'e')) return wholeText;
      return groupThousands(wholeText);
    }
    if (numberIsNaN(n)) return wholeText;
    const text = `${n}`;
    if (strIncludes(text, 'e')) return text;
    const sign = n < 0 && whole === 0 ? '-' : '';
    return `${sign}${groupThousands(wholeText)}.${groupFraction(strSlice(text, strIndexOf(text, '.') + 1))}`;
  }

  const bigintText = (n, separators) => `${separators ? groupThousands(`${n}`) : `${n}`}n`;

  function renderPrimitive(ctx, v, stylize) {
    switch (typeof v) {
      case 'string': return renderString(ctx, v, stylize);
      case 'number': return stylize(numberText(v, ctx.numericSeparator), 'number');
      case 'bigint': return stylize(bigintText(v, ctx.numericSeparator), 'bigint');
      case 'boolean': return stylize(`${v}`, 'boolean');
      case 'undefined': return stylize('undefined', 'undefined');
      case 'symbol': return stylize(symbolText(v), 'symbol');
    }
    return stylize(StringCtor(v), 'undefined');
  }

  function renderString(ctx, v, stylize) {
    let tail = '';
    if (v.length > ctx.maxStringLength) {
      tail = `... ${plural(v.length - ctx.maxStringLength, 'more character')}`;
      v = strSlice(v, 0, max(ctx.maxStringLength, 0));
    }
    if (ctx.compact !== true && v.length > 16 && v.length > ctx.breakLength - ctx.indent - 4) {
      const parts = lines(v);
      if (parts.length > 1) {
        let out = '';
        const glue = ` +\n${strRepeat(' ', ctx.indent + 2)}`;
        for (let i = 0; i < parts.length; i++) out += (i ? glue : '') + stylize(quote(parts[i]), 'string');
        return out + tail;
      }
    }
    return stylize(quote(v), 'string') + tail;
  }

  // ---------------------------------------------------------------- the printer

  // render is the text of v for an inspection at nesting level (0 for the value
  // inspect was given). bufferOfTyped is true for a typed array's [buffer].
  function render(ctx, v, level, bufferOfTyped) {
    if (typeof v !== 'object' && typeof v !== 'function') return renderPrimitive(ctx, v, ctx.stylize);
    if (v === null) return ctx.stylize('null', 'null');

    const original = v;
    let proxied = false;
    let classId = host.classOf(v);
    if (classId === proxyId) {
      const target = host.proxyTarget(v);
      if (target === null) return ctx.stylize('<Revoked Proxy>', 'special');
      if (ctx.showProxy) return renderProxy(ctx, target, host.proxyHandler(v), level);
      v = target;
      classId = host.classOf(v);
      proxied = since.wrappedProxies;
    }

    if (ctx.customInspect) {
      const custom = v[customSymbol];
      if (typeof custom === 'function' && custom !== inspect && !isOwnPrototype(v)) {
        const depth = ctx.depth === null ? null : ctx.depth - level;
        const result = custom.call(original, depth, optionsForCustom(ctx), inspect);
        if (result !== original) {
          if (typeof result !== 'string') return render(ctx, result, level);
          return indentLines(result, ctx.indent);
        }
      }
    }

    const seen = ctx.seen;
    if (seen.includes(v)) {
      let at = refIndex(ctx, v);
      if (at === -1) { ctx.refs.push(v); at = ctx.refs.length - 1; }
      return ctx.stylize(since.legacy ? '[Circular]' : `[Circular *${at + 1}]`, 'special');
    }
    const text = renderObject(ctx, v, kindById[classId] || 'Object', level, bufferOfTyped);
    return proxied ? `${ctx.stylize('Proxy(', 'special')}${text}${ctx.stylize(')', 'special')}` : text;
  }

  const proxyId = host.classes.Proxy;

  // refIndex is v's place among the objects a circular reference points to, -1 if none.
  function refIndex(ctx, v) {
    const refs = ctx.refs;
    for (let i = 0; i < refs.length; i++) if (refs[i] === v) return i;
    return -1;
  }

  // isOwnPrototype reports whether v is its constructor's prototype (a custom inspect
  // method is not called on the prototype that defines it).
  function isOwnPrototype(v) {
    try {
      const ctor = v.constructor;
      return ctor !== undefined && ctor !== null && ctor.prototype === v;
    } catch {
      return false;
    }
  }

  function optionsForCustom(ctx) {
    const out = { stylize: ctx.stylize };
    for (let i = 0; i < optionNames.length; i++) out[optionNames[i]] = ctx[optionNames[i]];
    if (ctx.userOptions !== undefined) {
      const names = objectKeys(ctx.userOptions);
      for (let i = 0; i < names.length; i++) if (!hasOwn(out, names[i])) out[names[i]] = ctx.userOptions[names[i]];
    }
    return out;
  }

  function renderProxy(ctx, target, handler, level) {
    if (depthExceeded(ctx, level)) return ctx.stylize('Proxy [Array]', 'special');
    ctx.indent += 2;
    const parts = [render(ctx, target, level + 1), render(ctx, handler, level + 1)];
    ctx.indent -= 2;
    return arrange(ctx, parts, '', ['Proxy [', ']'], true, level + 1);
  }

  // Shape is what classify finds out about an object: how its text starts (base, the
  // opening brace), which keys it shows, and how its entries are listed.
  function renderObject(ctx, v, kind, level, bufferOfTyped) {
    let protoProps;
    if (ctx.showHidden && (ctx.depth === null || level <= ctx.depth)) protoProps = [];
    const ctor = constructorName(ctx, v, level, protoProps);
    if (protoProps !== undefined && protoProps.length === 0) protoProps = undefined;

    let tag = '';
    const rawTag = v[toStringTag];
    if (typeof rawTag === 'string' && rawTag !== '' && (since.legacy ||
        !(ctx.showHidden ? hasOwn(v, toStringTag) : isEnumerable(v, toStringTag)))) {
      tag = rawTag;
    }
    if (tag !== '' && ctor !== null) {
      if (ctor === tag || (since.tagHiddenBySuffix && strEndsWith(ctor, tag))) tag = '';
    }

    const shape = classify(ctx, v, kind, ctor, tag, level, bufferOfTyped, protoProps);
    if (typeof shape === 'string') return shape;

    if (depthExceeded(ctx, level)) {
      let name = strSlice(prefixFor(ctor, tag, ctor === null ? internalName(v) : 'Object'), 0, -1);
      if (ctor !== null) name = `[${name}]`;
      return ctx.stylize(name, 'special');
    }

    const seen = ctx.seen;
    seen.push(v);
    ctx.lastLevel = level + 1;
    let output;
    try {
      output = shape.list === undefined ? [] : shape.list(ctx, v, level + 1);
      const keys = shape.keys;
      for (let i = 0; i < keys.length; i++) {
        output.push(renderProperty(ctx, v, level + 1, keys[i], shape.arrayLike ? 'array-extra' : 'object'));
      }
      if (protoProps !== undefined) {
        for (let i = 0; i < protoProps.length; i++) {
          output.push(renderProperty(ctx, v, level + 1, protoProps[i].key, 'object', protoProps[i].desc));
        }
      }
    } catch (err) {
      seen.pop();
      if (isStackOverflow(err)) {
        const name = strSlice(prefixFor(ctor, tag, 'Object'), 0, -1);
        return ctx.stylize(`[${name}: Inspection interrupted prematurely. Maximum call stack size exceeded.]`, 'special');
      }
      throw err;
    }

    const at = refIndex(ctx, v);
    let base = shape.base;
    const braces = shape.braces;
    if (at !== -1 && !since.legacy) {
      const ref = ctx.stylize(`<ref *${at + 1}>`, 'special');
      if (ctx.compact !== true) base = base === '' ? ref : `${ref} ${base}`;
      else braces[0] = `${ref} ${braces[0]}`;
    }
    seen.pop();

    if (ctx.sorted) {
      const order = ctx.sorted === true ? undefined : ctx.sorted;
      if (!shape.arrayLike) {
        sortArray(output, order);
      } else if (shape.keys.length > 1) {
        const from = output.length - shape.keys.length;
        const tail = [];
        for (let i = from; i < output.length; i++) tail[tail.length] = output[i];
        sortArray(tail, order);
        for (let i = 0; i < tail.length; i++) output[from + i] = tail[i];
      }
    }

    const text = arrange(ctx, output, base, braces, shape.arrayLike, level + 1, v);
    const used = (ctx.budget[ctx.indent] || 0) + text.length;
    ctx.budget[ctx.indent] = used;
    if (used > 2 ** 27) ctx.depth = -1;
    return text;
  }

  function isStackOverflow(err) {
    if (err === null || typeof err !== 'object') return false;
    try {
      const message = err.message;
      return message === 'stack overflow' || message === 'Maximum call stack size exceeded';
    } catch {
      return false;
    }
  }

  // prefixFor is the start of an object's header: "Foo ", "Foo(2) [Tag] ",
  // "[Object: null prototype] " (constructor null), with a trailing space.
  function prefixFor(ctor, tag, fallback, size = '') {
    if (ctor === null) {
      if (tag !== '' && fallback !== tag) return `[${fallback}${size}: null prototype] [${tag}] `;
      return `[${fallback}${size}: null prototype] `;
    }
    if (tag !== '' && ctor !== tag) return `${ctor}${size} [${tag}] `;
    return `${ctor}${size} `;
  }

  // constructorName is the name of the first constructor on v's prototype chain that
  // v is an instance of, null when the chain has none. With showHidden, protoProps
  // collects the properties of the prototypes passed on the way.
  function constructorName(ctx, v, level, protoProps) {
    if (protoProps === undefined && !hasOwn(v, 'constructor')) {
      // the common cases, answered without walking the chain
      const proto = getPrototypeOf(v);
      if (proto === ObjectPrototype && ObjectPrototype.constructor === ObjectCtor) return 'Object';
      if (proto === ArrayPrototype && ArrayPrototype.constructor === ArrayCtor) return 'Array';
    }
    let obj = v;
    let firstProto;
    let steps = 0;
    while (obj !== null && obj !== undefined) {
      const desc = getOwnPropertyDescriptor(obj, 'constructor');
      if (desc !== undefined && typeof desc.value === 'function' && desc.value.name !== '' &&
          isInstance(v, desc.value)) {
        if (protoProps !== undefined && (firstProto !== obj || !setHas(builtinNames, desc.value.name))) {
          collectProtoProps(ctx, v, firstProto || v, protoProps);
        }
        return StringCtor(desc.value.name);
      }
      obj = getPrototypeOf(obj);
      if (firstProto === undefined) firstProto = obj;
      if (++steps > 1000) break;
    }
    if (firstProto === null) return null;
    const inner = internalName(v);
    if (depthExceeded(ctx, level)) return `${inner} <Complex prototype>`;
    const chainText = render(finishContext(newContext({ ...pickOptions(ctx), customInspect: false, depth: -1 })), firstProto, 0);
    return `${inner} <${chainText}>`;
  }

  function pickOptions(ctx) {
    const out = {};
    for (let i = 0; i < optionNames.length; i++) out[optionNames[i]] = ctx[optionNames[i]];
    out.stylize = ctx.stylize;
    return out;
  }

  function isInstance(v, ctor) {
    try {
      return v instanceof ctor;
    } catch {
      return false;
    }
  }

  // internalName is the engine's own name for an object with no constructor on its
  // chain (V8's): a Symbol.toStringTag data property on the chain, or its class.
  function internalName(v) {
    for (let obj = v; obj !== null; obj = getPrototypeOf(obj)) {
      const desc = getOwnPropertyDescriptor(obj, toStringTag);
      if (desc !== undefined) {
        if (typeof desc.value === 'string' && desc.value !== '') return desc.value;
        break;
      }
    }
    const kind = kindOf(v);
    if (kind === 'Function' || kind === 'CFunction' || kind === 'BoundFunction' || kind === 'CFunctionData') return 'Function';
    return kind;
  }

  // collectProtoProps adds the own properties of v's prototypes (up to three, stopping
  // at a built-in's) that v does not have itself.
  function collectProtoProps(ctx, v, proto, out) {
    const known = new Set(getOwnPropertyNames(v));
    for (let depth = 0; depth < 3 && proto !== null; depth++) {
      const desc = getOwnPropertyDescriptor(proto, 'constructor');
      if (desc !== undefined && typeof desc.value === 'function' && setHas(builtinNames, desc.value.name)) return;
      const names = getOwnPropertyNames(proto);
      const symbols = getOwnPropertySymbols(proto);
      for (let i = 0; i < names.length + symbols.length; i++) {
        const key = i < names.length ? names[i] : symbols[i - names.length];
        if (key === 'constructor' || setHas(known, key)) continue;
        setAdd(known, key);
        out.push({ key, desc: getOwnPropertyDescriptor(proto, key) });
      }
      proto = getPrototypeOf(proto);
    }
  }

  // ownKeys are the keys shown for an object: own enumerable string keys and
  // enumerable symbols, or all of them with showHidden.
  function ownKeys(v, showHidden) {
    let keys;
    const symbols = getOwnPropertySymbols(v);
    if (showHidden) {
      keys = getOwnPropertyNames(v);
      for (let i = 0; i < symbols.length; i++) keys[keys.length] = symbols[i];
    } else {
      keys = objectKeys(v);
      for (let i = 0; i < symbols.length; i++) if (isEnumerable(v, symbols[i])) keys[keys.length] = symbols[i];
    }
    return keys;
  }

  const nonIndexKeys = (v, showHidden) => host.ownNonIndexKeys(v, !showHidden);

  // classify decides how an object prints: a finished text (an empty object, a function
  // without properties, ...) or a shape { base, braces, keys, list, arrayLike }.
  function classify(ctx, v, kind, ctor, tag, level, bufferOfTyped, protoProps) {
    const bare = (keys) => keys.length === 0 && protoProps === undefined;
    if (kind === 'Array') {
      const keys = nonIndexKeys(v, ctx.showHidden);
      const prefix = ctor !== 'Array' || tag !== '' ? prefixFor(ctor, tag, 'Array', since.legacy ? '' : `(${v.length})`) : '';
      if (v.length === 0 && bare(keys)) return `${prefix}[]`;
      return { base: '', braces: [`${prefix}[`, ']'], keys, list: listArray, arrayLike: true };
    }
    if (kind === 'Set' || kind === 'Map') {
      const size = kind === 'Set' ? setSize(v) : mapSize(v);
      const keys = ownKeys(v, ctx.showHidden);
      const prefix = prefixFor(ctor, tag, kind, since.legacy ? '' : `(${size})`);
      if (size === 0 && bare(keys)) return `${prefix}{}`;
      return { base: '', braces: [`${prefix}{`, '}'], keys, list: kind === 'Set' ? listSet : listMap, arrayLike: false };
    }
    if (isTypedKind(kind)) {
      const keys = nonIndexKeys(v, ctx.showHidden);
      const length = typedLength(v);
      const prefix = prefixFor(ctor, tag, ctor === null ? typedTag(v) : '', since.legacy ? '' : `(${length})`);
      if (length === 0 && keys.length === 0 && !ctx.showHidden) return `${prefix}[]`;
      return { base: '', braces: [`${prefix}[`, ']'], keys, list: listTyped, arrayLike: true };
    }
    if (kind === 'MapIterator' || kind === 'SetIterator') {
      const type = kind === 'MapIterator' ? 'Map' : 'Set';
      const keys = ownKeys(v, ctx.showHidden);
      let label = tag;
      if (label !== `${type} Iterator`) label = `${label !== '' ? `${label}] [` : ''}${type} Iterator`;
      const braces = [`[${label}] {`, '}'];
      return { base: '', braces, keys, list: (c, it, lvl) => listIterator(c, it, lvl, braces), arrayLike: false };
    }
    const keys = ownKeys(v, ctx.showHidden);
    if (ctor === 'Object') {
      if (kind === 'Arguments' || kind === 'MappedArguments') {
        if (bare(keys)) return '[Arguments] {}';
        return { base: '', braces: ['[Arguments] {', '}'], keys, arrayLike: false };
      }
      const open = tag !== '' ? `${prefixFor(ctor, tag, 'Object')}{` : '{';
      if (bare(keys)) return `${open}}`;
      return legacyBase({ base: '', braces: [open, '}'], keys, arrayLike: false });
    }
    if (typeof v === 'function') {
      const base = functionBase(v, ctor, tag);
      if (bare(keys)) return ctx.stylize(base, 'special');
      return legacyBase({ base, braces: ['{', '}'], keys, arrayLike: false });
    }
    if (kind === 'RegExp') {
      let base = regexpSource(ctor !== null ? v : new RegExp(v));
      const prefix = prefixFor(ctor, tag, 'RegExp');
      if (prefix !== 'RegExp ') base = `${prefix}${base}`;
      if (bare(keys) || depthExceeded(ctx, level)) return styleRegExp(ctx, base);
      return legacyBase({ base, braces: ['{', '}'], keys, arrayLike: false });
    }
    if (kind === 'Date') {
      let base = numberIsNaN(dateTime(v)) ? dateText(v) : dateISO(v);
      const prefix = prefixFor(ctor, tag, 'Date');
      if (prefix !== 'Date ') base = `${prefix}${base}`;
      if (bare(keys)) return ctx.stylize(base, 'date');
      return legacyBase({ base, braces: ['{', '}'], keys, arrayLike: false });
    }
    if (isErrorLike(v, kind)) {
      const base = errorBase(ctx, v, ctor, tag, keys, level);
      if (bare(keys)) return base;
      return legacyBase({ base, braces: ['{', '}'], keys, arrayLike: false });
    }
    if (kind === 'ArrayBuffer' || kind === 'SharedArrayBuffer') {
      const prefix = prefixFor(ctor, tag, kind);
      const length = kind === 'ArrayBuffer' ? bufferLength(v) : sharedBufferLength(v);
      if (bufferOfTyped && bare(keys)) {
        return `${prefix}{ ${bufferField(ctx, 'byteLength')}: ${ctx.stylize(numberText(length, false), 'number')} }`;
      }
      const virtual = [virtualKey('byteLength')];
      return {
        base: '', braces: [`${prefix}{`, '}'], keys: concat(virtual, keys), arrayLike: false,
        list: bufferOfTyped || since.legacy ? undefined : (c, buf) => [listBytes(c, buf)],
      };
    }
    if (kind === 'DataView') {
      const virtual = [virtualKey('byteLength'), virtualKey('byteOffset'), virtualKey('buffer')];
      return { base: '', braces: [`${prefixFor(ctor, tag, 'DataView')}{`, '}'], keys: concat(virtual, keys), arrayLike: false };
    }
    if (kind === 'Promise') {
      return { base: '', braces: [`${prefixFor(ctor, tag, 'Promise')}{`, '}'], keys, list: listPromise, arrayLike: false };
    }
    if (kind === 'WeakSet' || kind === 'WeakMap') {
      return {
        base: '', braces: [`${prefixFor(ctor, tag, kind)}{`, '}'], keys, arrayLike: false,
        list: ctx.showHidden ? listWeak : (c) => [c.stylize(since.legacy ? '[items unknown]' : '<items unknown>', 'special')],
      };
    }
    if (kind === 'Module') {
      return { base: '', braces: [`${prefixFor(ctor, tag, 'Module')}{`, '}'], keys: [], list: (c, ns, lvl) => listNamespace(c, ns, lvl, keys), arrayLike: false };
    }
    if (kind === 'Number' || kind === 'String' || kind === 'Boolean' || kind === 'BigInt' || kind === 'Symbol') {
      const base = boxedBase(ctx, v, kind, ctor, tag, keys);
      if (bare(keys)) return base;
      return legacyBase({ base, braces: ['{', '}'], keys, arrayLike: false });
    }
    const prefix = prefixFor(ctor, tag, ctor === null ? internalName(v) : 'Object');
    if (bare(keys)) return `${prefix}{}`;
    return { base: '', braces: [`${prefix}{`, '}'], keys, arrayLike: false };
  }

  // legacyBase moves a base into the braces as Node before 12 printed it
  // ({ [Function: f] a: 1 }).
  function legacyBase(shape) {
    if (since.legacy && shape.base !== '') {
      shape.braces[0] = `${shape.braces[0]} ${shape.base}`;
      shape.base = '';
    }
    return shape;
  }

  function concat(a, b) {
    const out = [];
    for (let i = 0; i < a.length; i++) out[out.length] = a[i];
    for (let i = 0; i < b.length; i++) out[out.length] = b[i];
    return out;
  }

  // virtualKey is a key shown for a getter on the prototype (a buffer's byteLength).
  const virtualKey = (name) => ({ virtual: name });
  const bufferField = (ctx, name) => (since.bracketedBufferFields ? `[${name}]` : name);

  function styleRegExp(ctx, text) {
    if (!since.regexpHighlight || ctx.stylize === plain) return ctx.stylize(text, 'regexp');
    return highlightRegExp(ctx, text);
  }

  // highlightRegExp colors a regular expression's delimiters and flags, character
  // classes, groups, quantifiers and escapes as Node 26 does.
  function highlightRegExp(ctx, text) {
    const s = ctx.stylize;
    const end = strLastIndexOf(text, '/');
    if (text[0] !== '/' || end <= 0) return s(text, 'regexp');
    let out = s('/', 'string');
    const body = strSlice(text, 1, end);
    let run = '';
    const flush = () => { if (run !== '') { out += s(run, 'number'); run = ''; } };
    for (let i = 0; i < body.length; i++) {
      const c = body[i];
      if (c === '\\' && i + 1 < body.length) { flush(); out += s(c + body[i + 1], 'special'); i++; continue; }
      if (c === '[' || c === ']' || c === '(' || c === ')' || c === '|') { flush(); out += s(c, 'special'); continue; }
      if (c === '*' || c === '+' || c === '?' || c === '{' || c === '}' || c === '^' || c === '$' || c === '.') { flush(); out += s(c, 'special'); continue; }
      run += c;
    }
    flush();
    out += s('/', 'string');
    const flags = strSlice(text, end + 1);
    if (flags !== '') out += s(flags, 'regexp');
    return out;
  }

  // ---------------------------------------------------------------- bases

  function functionBase(fn, ctor, tag) {
    const source = functionSource(fn);
    if (strStartsWith(source, 'class') && strEndsWith(source, '}') && !since.legacy) {
      const body = strSlice(source, 5, -1);
      const brace = strIndexOf(body, '{');
      if (brace !== -1 && (!strIncludes(strSlice(body, 0, brace), '(') || looksLikeClassHeader(body))) {
        return classBase(fn, ctor, tag);
      }
    }
    const kind = kindOf(fn);
    let type = 'Function';
    if (kind === 'GeneratorFunction') type = 'GeneratorFunction';
    else if (kind === 'AsyncFunction') type = 'AsyncFunction';
    else if (kind === 'AsyncGeneratorFunction') type = 'AsyncGeneratorFunction';
    let base = `[${type}`;
    if (ctor === null) base += ' (null prototype)';
    const name = fn.name;
    if (name === '' || (since.legacy && typeof name !== 'string')) base += since.legacy ? '' : ' (anonymous)';
    else base += `: ${name}`;
    base += ']';
    if (ctor !== type && ctor !== null && !since.legacy) base += ` [${ctor}]`;
    if (tag !== '' && ctor !== tag && !since.legacy) base += ` [${tag}]`;
    return base;
  }

  // looksLikeClassHeader accepts "class X extends (expr) {" headers.
  function looksLikeClassHeader(body) {
    return exec(/^(\s+[^(]*?)\s*{/, body) !== null;
  }

  function classBase(fn, ctor, tag) {
    const name = (hasOwn(fn, 'name') && fn.name) || '(anonymous)';
    let base = `[class ${name}`;
    if (ctor !== 'Function' && ctor !== null) base += ` [${ctor}]`;
    if (tag !== '' && ctor !== tag) base += ` [${tag}]`;
    if (ctor !== null) {
      const parent = getPrototypeOf(fn).name;
      if (parent) base += ` extends ${parent}`;
    } else {
      base += ' extends [null prototype]';
    }
    return `${base}]`;
  }

  function boxedBase(ctx, v, kind, ctor, tag, keys) {
    let value = unbox[kind](v);
    if (kind === 'String') {
      // the characters are own index keys: they are not listed again
      let drop = 0;
      while (drop < keys.length && keys[drop] === `${drop}` && drop < value.length) drop++;
      if (drop > 0) {
        for (let i = drop; i < keys.length; i++) keys[i - drop] = keys[i];
        keys.length -= drop;
      }
    }
    let base = `[${kind}`;
    if (kind !== ctor) base += ctor === null ? ' (null prototype)' : ` (${ctor})`;
    base += `: ${renderPrimitive(ctx, value, plain)}]`;
    if (tag !== '' && tag !== ctor) base += ` [${tag}]`;
    if (keys.length !== 0 || ctx.stylize === plain) return base;
    return ctx.stylize(base, kind === 'BigInt' ? 'bigint' : kind === 'Symbol' ? 'symbol' : kind === 'String' ? 'string' : kind === 'Boolean' ? 'boolean' : 'number');
  }

  // ---------------------------------------------------------------- errors

  function errorBase(ctx, err, ctor, tag, keys, level) {
    const name = err.name != null ? StringCtor(err.name) : 'Error';
    let stack = stackText(ctx, err, level);
    if (!since.legacy) {
      if (!ctx.showHidden && keys.length !== 0) dropKeysInStack(err, keys, stack);
      if ('cause' in err && !keysInclude(keys, 'cause')) keys.push('cause');
      if (isArray(err.errors) && !keysInclude(keys, 'errors')) keys.push('errors');
      stack = renameStack(stack, ctor, name, tag);
    }

    let at = messageEnd(stack);
    if (at === -1) {
      stack = `[${stack}]`;
    } else if (!ctx.colors && !('cause' in err) && !(since.collapsedFrames && countLines(stack, at) > 10)) {
      // nothing to change in the frames
    } else {
      const head = strSlice(stack, 0, at);
      let frames = strSplit(strSlice(stack, at + 1), '\n');
      if (!since.legacy) frames = framesWithoutCause(ctx, err, frames);
      if (since.collapsedFrames) frames = collapseFrames(frames);
      if (ctx.colors && !since.legacy) frames = colorFrames(ctx, frames);
      stack = `${head}\n${join(frames, '\n')}`;
    }
    if (ctx.indent !== 0) stack = indentLines(stack, ctx.indent);
    return stack;
  }

  function keysInclude(keys, name) {
    for (let i = 0; i < keys.length; i++) if (keys[i] === name) return true;
    return false;
  }

  // stackText is what an error prints from: its stack (an engine stack that starts
  // with a frame gets the "Name: message" line V8 writes), or Error.prototype.toString.
  function stackText(ctx, err, level) {
    const stack = err.stack;
    if (!stack) return errorToString(err);
    if (typeof stack === 'string') {
      if (strStartsWith(stack, '    at ')) {
        // the engine's own trace: frames, each ending in a newline
        const frames = strEndsWith(stack, '\n') ? strSlice(stack, 0, -1) : stack;
        return `${errorToString(err)}\n${frames}`;
      }
      return stack;
    }
    if (!since.inspectedOddStacks) return StringCtor(stack);
    const saved = ctx.compact;
    ctx.compact = false;
    let text;
    try {
      text = render(ctx, stack, level);
    } finally {
      ctx.compact = saved;
    }
    return `${errorToString(err)}\n    ${indentLines(text, 4)}`;
  }

  // dropKeysInStack removes name, message and stack from keys when the stack already
  // shows their values.
  function dropKeysInStack(err, keys, stack) {
    const names = ['name', 'message', 'stack'];
    for (let n = 0; n < names.length; n++) {
      const i = keys.indexOf(names[n]);
      if (i === -1) continue;
      let shown = false;
      try {
        shown = strIncludes(stack, err[names[n]]);
      } catch {
        // a symbol: not in the stack
      }
      if (shown) {
        for (let j = i + 1; j < keys.length; j++) keys[j - 1] = keys[j];
        keys.length--;
      }
    }
  }

  // renameStack puts the constructor's name in a stack that starts with the error's
  // plain name ("MyError: m" for a subclass, "[TypeError: null prototype]: t").
  function renameStack(stack, ctor, name, tag) {
    let len = name.length;
    if (ctor !== null && !(strEndsWith(name, 'Error') && strStartsWith(stack, name) &&
        (stack.length === len || stack[len] === ':' || stack[len] === '\n'))) {
      return stack;
    }
    let fallback = 'Error';
    if (ctor === null) {
      const m = exec(/^([A-Z][a-z_ A-Z0-9[\]()-]+)(?::|\n\s+at)/, stack) || exec(/^([a-z_A-Z0-9-]*Error)$/, stack);
      fallback = (m && m[1]) || '';
      len = fallback.length;
      fallback = fallback || 'Error';
    }
    const prefix = strSlice(prefixFor(ctor, tag, fallback), 0, -1);
    if (name === prefix) return stack;
    if (strIncludes(prefix, name)) {
      return len === 0 ? `${prefix}: ${stack}` : `${prefix}${strSlice(stack, len)}`;
    }
    return `${prefix} [${name}]${strSlice(stack, len)}`;
  }

  // messageEnd is the index of the newline before the first frame, -1 without frames.
  const messageEnd = (stack) => strIndexOf(stack, '\n    at');

  // countLines counts the lines of text after index from.
  function countLines(text, from) {
    let n = 0;
    for (let at = strIndexOf(text, '\n', from); at !== -1; at = strIndexOf(text, '\n', at + 1)) n++;
    return n;
  }

  // framesWithoutCause replaces the frames an error shares with its cause's stack by
  // one line saying how many.
  function framesWithoutCause(ctx, err, frames) {
    if (!hasOwn(err, 'cause')) return frames;
    const cause = err.cause;
    if (cause === null || typeof cause !== 'object' || !isErrorLike(cause, kindOf(cause))) return frames;
    const causeStack = cause.stack;
    if (typeof causeStack !== 'string') return frames;
    const at = messageEnd(causeStack);
    if (at === -1) return frames;
    const causeFrames = strSplit(strSlice(causeStack, at + 1), '\n');
    for (let i = 0; i < frames.length - 3; i++) {
      const pos = causeFrames.indexOf(frames[i]);
      if (pos === -1 || causeFrames.length - pos <= 3) continue;
      let same = 1;
      const limit = min(frames.length - i, causeFrames.length - pos);
      while (same < limit && frames[i + same] === causeFrames[pos + same]) same++;
      if (same > 3) {
        const skipped = same - 2;
        const out = [];
        for (let k = 0; k <= i; k++) out[out.length] = frames[k];
        out[out.length] = ctx.stylize(`    ... ${skipped} lines matching cause stack trace ...`, 'undefined');
        for (let k = i + 1 + skipped; k < frames.length; k++) out[out.length] = frames[k];
        return out;
      }
    }
    return frames;
  }

  // collapseFrames replaces a run of frames that repeats the frames just before it
  // ("... collapsed 9 duplicate lines matching above 3 lines 3 times..."), in stacks of
  // more than ten frames with at least four repeated lines.
  function collapseFrames(frames) {
    const n = frames.length;
    if (n <= 10) return frames;
    const distinct = new Set();
    for (let i = 0; i < n; i++) setAdd(distinct, frames[i]);
    if (n - distinct.size < 4) return frames;
    const out = [];
    let i = 0;
    while (i < n) {
      let done = false;
      for (let len = 1; len <= (n - i) >> 1; len++) {
        let times = 0;
        while (i + (times + 2) * len <= n && sameRun(frames, i, i + (times + 1) * len, len)) times++;
        if (times === 0) continue;
        if (times * len < 3) continue;
        for (let k = 0; k < len; k++) out[out.length] = frames[i + k];
        out[out.length] = times === 1
          ? `    ... collapsed ${len} duplicate lines matching above lines ...`
          : `    ... collapsed ${times * len} duplicate lines matching above ${len} lines ${times} times...`;
        i += (times + 1) * len;
        done = true;
        break;
      }
      if (!done) out[out.length] = frames[i++];
    }
    return out;
  }

  function sameRun(frames, a, b, len) {
    for (let k = 0; k < len; k++) if (frames[a + k] !== frames[b + k]) return false;
    return true;
  }

  // colorFrames greys the frames of Node's own modules and underlines the package
  // names of node_modules paths.
  function colorFrames(ctx, frames) {
    const out = [];
    for (let i = 0; i < frames.length; i++) {
      const frame = frames[i];
      const core = exec(/^ {4}at (?:[^/\\(]+ \(|)node:(.+):\d+:\d+\)?$/, frame);
      if (core !== null && (strStartsWith(core[1], 'internal/') || setHas(builtinModules, core[1]))) {
        out[out.length] = ctx.stylize(frame, 'undefined');
        continue;
      }
      out[out.length] = underlinePackages(ctx, frame);
    }
    return out;
  }

  function underlinePackages(ctx, frame) {
    let out = '';
    let from = 0;
    const re = /[/\\]node_modules[/\\](.+?)(?=[/\\])/g;
    for (let m = exec(re, frame); m !== null; m = exec(re, frame)) {
      const start = m.index + 14;
      out += strSlice(frame, from, start) + ctx.stylize(m[1], 'module');
      from = start + m[1].length;
    }
    return out + strSlice(frame, from);
  }

  const builtinModules = new Set(strSplit('assert assert/strict async_hooks buffer child_process ' +
    'cluster console constants crypto dgram diagnostics_channel dns dns/promises domain events fs ' +
    'fs/promises http http2 https inspector inspector/promises module net os path path/posix ' +
    'path/win32 perf_hooks process punycode querystring readline readline/promises repl stream ' +
    'stream/consumers stream/promises stream/web string_decoder sys timers timers/promises tls ' +
    'trace_events tty url util util/types v8 vm wasi worker_threads zlib sqlite test test/reporters sea', ' '));

  // ---------------------------------------------------------------- entries

  function renderProperty(ctx, obj, level, key, type, desc) {
    let name;
    let text;
    let sep = ' ';
    if (typeof key === 'object') {
      if (key.virtual !== undefined) {
        const value = obj[key.virtual];
        ctx.indent += 2;
        text = render(ctx, value, level);
        ctx.indent -= 2;
        return `${bufferField(ctx, key.virtual)}: ${text}`;
      }
    }
    if (desc === undefined) {
      desc = getOwnPropertyDescriptor(obj, key);
      if (desc === undefined) desc = { value: obj[key], enumerable: true };
    }
    if (desc.value !== undefined) {
      const step = ctx.compact !== true || type !== 'object' ? 2 : 3;
      ctx.indent += step;
      text = render(ctx, desc.value, level);
      if (step === 3 && ctx.breakLength < width(text, ctx.colors)) sep = `\n${strRepeat(' ', ctx.indent)}`;
      ctx.indent -= step;
    } else if (desc.get !== undefined) {
      text = renderGetter(ctx, obj, level, desc);
    } else if (desc.set !== undefined) {
      text = ctx.stylize('[Setter]', 'special');
    } else {
      text = ctx.stylize('undefined', 'undefined');
    }
    if (type === 'array-item') return text;
    if (typeof key === 'symbol') {
      const sym = ctx.stylize(symbolKeyText(key), 'symbol');
      name = since.bareSymbolKeys && desc.enumerable !== false ? sym : `[${sym}]`;
    } else if (key === '__proto__' && !since.legacy) {
      name = "['__proto__']";
    } else if (desc.enumerable === false) {
      name = `[${escapeText(key, -1)}]`;
    } else if (isPlainKey(key)) {
      name = ctx.stylize(key, 'name');
    } else {
      name = ctx.stylize(quote(key), 'string');
    }
    return `${name}:${sep}${text}`;
  }

  // isPlainKey reports whether a key prints without quotes (an identifier of ASCII
  // letters, digits and _), remembering the answer for the keys seen most.
  const plainKeys = objectCreate(null);
  let plainKeyCount = 0;
  function isPlainKey(key) {
    const known = plainKeys[key];
    if (known !== undefined) return known;
    const plain = exec(plainKey, key) !== null;
    if (plainKeyCount < 2048) { plainKeys[key] = plain; plainKeyCount++; }
    return plain;
  }

  function symbolKeyText(sym) {
    const description = symbolDescription(sym);
    if (description === undefined) return 'Symbol()';
    return `Symbol(${escapeText(description, 0x27)})`;
  }

  function renderGetter(ctx, obj, level, desc) {
    const s = ctx.stylize;
    const label = desc.set !== undefined ? 'Getter/Setter' : 'Getter';
    const wanted = ctx.getters && (ctx.getters === true ||
      (ctx.getters === 'get' && desc.set === undefined) ||
      (ctx.getters === 'set' && desc.set !== undefined));
    if (!wanted) return s(`[${label}]`, 'special');
    try {
      const value = desc.get.call(obj);
      ctx.indent += 2;
      let text;
      if (value === null) text = `${s(`[${label}:`, 'special')} ${s('null', 'null')}${s(']', 'special')}`;
      else if (typeof value === 'object') text = `${s(`[${label}]`, 'special')} ${render(ctx, value, level)}`;
      else text = `${s(`[${label}:`, 'special')} ${renderPrimitive(ctx, value, s)}${s(']', 'special')}`;
      ctx.indent -= 2;
      return text;
    } catch (err) {
      const what = since.inspectedGetterErrors ? render(ctx, err, level) : err.message;
      return `${s(`[${label}:`, 'special')} <Inspection threw (${what})>${s(']', 'special')}`;
    }
  }

  function listArray(ctx, arr, level) {
    const length = arr.length;
    const limit = min(max(0, ctx.maxArrayLength), length);
    const out = [];
    let i = 0;
    let indices;
    while (i < length && out.length < limit) {
      const desc = getOwnPropertyDescriptor(arr, i);
      if (desc !== undefined) {
        const value = desc.value;
        out.push(typeof value === 'number'
          ? ctx.stylize(numberText(value, ctx.numericSeparator), 'number')
          : renderProperty(ctx, arr, level, i, 'array-item', desc));
        i++;
        continue;
      }
      if (indices === undefined) indices = ownIndices(arr);
      const next = nextIndex(indices, i, length);
      out.push(ctx.stylize(`<${plural(next - i, 'empty item')}>`, 'undefined'));
      i = next;
    }
    if (i < length) out.push(moreItems(length - i));
    return out;
  }

  function ownIndices(arr) {
    const names = objectKeys(arr);
    const out = [];
    for (let i = 0; i < names.length; i++) {
      const n = +names[i];
      if (`${n}` !== names[i] || n >= 4294967295) break;
      out[out.length] = n;
    }
    return out;
  }

  function nextIndex(indices, after, length) {
    let lo = 0;
    let hi = indices.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (indices[mid] <= after) lo = mid + 1; else hi = mid;
    }
    return lo < indices.length ? indices[lo] : length;
  }

  function listTyped(ctx, arr, level) {
    const length = typedLength(arr);
    const limit = min(max(0, ctx.maxArrayLength), length);
    const out = [];
    for (let i = 0; i < limit; i++) {
      const n = arr[i];
      out.push(typeof n === 'bigint'
        ? ctx.stylize(since.legacy ? `${n}` : bigintText(n, ctx.numericSeparator), 'bigint')
        : ctx.stylize(numberText(n, ctx.numericSeparator), 'number'));
    }
    if (length > limit) out.push(moreItems(length - limit));
    if (ctx.showHidden) {
      ctx.indent += 2;
      const fields = ['BYTES_PER_ELEMENT', 'length', 'byteLength', 'byteOffset', 'buffer'];
      for (let i = 0; i < fields.length; i++) {
        out.push(`[${fields[i]}]: ${render(ctx, arr[fields[i]], level, true)}`);
      }
      ctx.indent -= 2;
    }
    return out;
  }

  function listBytes(ctx, buffer) {
    let bytes;
    try {
      bytes = new Bytes(buffer);
    } catch {
      return ctx.stylize('(detached)', 'special');
    }
    const limit = min(max(0, ctx.maxArrayLength), bytes.length);
    let text = '';
    for (let i = 0; i < limit; i++) text += (i ? ' ' : '') + hexByte[bytes[i]];
    const rest = bytes.length - limit;
    if (rest > 0) text += ` ... ${plural(rest, 'more byte')}`;
    return `${ctx.stylize('[Uint8Contents]', 'special')}: <${text}>`;
  }

  const hexByte = [];
  for (let i = 0; i < 256; i++) hexByte[i] = i < 16 ? `0${toHex(i, 16)}` : toHex(i, 16);

  function listSet(ctx, set, level) {
    const [items] = host.entries(set);
    return listValues(ctx, items, level, false);
  }

  function listValues(ctx, items, level, sortThem) {
    const limit = min(max(0, ctx.maxSetLength === undefined ? ctx.maxArrayLength : ctx.maxSetLength), items.length);
    const out = [];
    ctx.indent += 2;
    for (let i = 0; i < limit; i++) out.push(render(ctx, items[i], level));
    ctx.indent -= 2;
    if (sortThem && !ctx.sorted) sortArray(out);
    if (items.length > limit) out.push(moreItems(items.length - limit));
    return out;
  }

  function listMap(ctx, map, level) {
    const [items] = host.entries(map);
    return listPairs(ctx, items, level, false);
  }

  function listPairs(ctx, items, level, sortThem) {
    const count = items.length >> 1;
    const limit = min(max(0, ctx.maxSetLength === undefined ? ctx.maxArrayLength : ctx.maxSetLength), count);
    const out = [];
    ctx.indent += 2;
    for (let i = 0; i < limit; i++) {
      out.push(`${render(ctx, items[2 * i], level)} => ${render(ctx, items[2 * i + 1], level)}`);
    }
    ctx.indent -= 2;
    if (sortThem && !ctx.sorted) sortArray(out);
    if (count > limit) out.push(moreItems(count - limit));
    return out;
  }

  function listWeak(ctx, coll, level) {
    const [items, pairs] = host.entries(coll);
    return pairs ? listPairs(ctx, items, level, true) : listValues(ctx, items, level, true);
  }

  function listIterator(ctx, it, level, braces) {
    const [items, pairs] = host.entries(it);
    if (!pairs) return listValues(ctx, items, level, false);
    braces[0] = `${strSlice(braces[0], 0, -' Iterator] {'.length)} Entries] {`;
    const count = items.length >> 1;
    const limit = min(max(0, ctx.maxArrayLength), count);
    const out = [];
    ctx.indent += 2;
    for (let i = 0; i < limit; i++) {
      const pair = [render(ctx, items[2 * i], level), render(ctx, items[2 * i + 1], level)];
      out.push(arrange(ctx, pair, '', ['[', ']'], true, level));
    }
    ctx.indent -= 2;
    if (count > limit) out.push(moreItems(count - limit));
    return out;
  }

  function listPromise(ctx, promise, level) {
    const state = host.promiseState(promise);
    if (state === 0) return [ctx.stylize('<pending>', 'special')];
    ctx.indent += 2;
    const text = render(ctx, host.promiseResult(promise), level);
    ctx.indent -= 2;
    return [state === 2 ? `${ctx.stylize('<rejected>', 'special')} ${text}` : text];
  }

  function listNamespace(ctx, ns, level, keys) {
    const out = [];
    for (let i = 0; i < keys.length; i++) {
      try {
        out.push(renderProperty(ctx, ns, level, keys[i], 'object'));
      } catch (err) {
        if (!(err instanceof ReferenceError)) throw err;
        out.push(`${exec(plainKey, keys[i]) !== null ? keys[i] : quote(keys[i])}: ${ctx.stylize('<uninitialized>', 'special')}`);
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- layout

  // arrange joins the entries of an object: on one line when they fit (and the object
  // holds at most `compact` levels of nesting), in aligned columns for long arrays of
  // short items, else one entry per line.
  function arrange(ctx, output, base, braces, arrayLike, level, value) {
    if (ctx.compact !== true) {
      if (typeof ctx.compact === 'number' && ctx.compact >= 1) {
        const count = output.length;
        if (arrayLike && count > 6) output = columns(ctx, output, value);
        if (ctx.lastLevel - level < ctx.compact && count === output.length) {
          const start = output.length + ctx.indent + braces[0].length + base.length + 10;
          if (fitsOnLine(ctx, output, start, base)) {
            const joined = join(output, ', ');
            // (String.prototype.indexOf is called as Node calls it: a program that
            // replaces it breaks console.log in both)
            if (joined.indexOf('\n') === -1) {
              return `${base ? `${base} ` : ''}${braces[0]} ${joined} ${braces[1]}`;
            }
          }
        }
      }
      const nl = `\n${strRepeat(' ', ctx.indent)}`;
      return `${base ? `${base} ` : ''}${braces[0]}${nl}  ${join(output, `,${nl}  `)}${nl}${braces[1]}`;
    }
    if (fitsOnLine(ctx, output, 0, base)) {
      return `${braces[0]}${base ? ` ${base}` : ''} ${join(output, ', ')} ${braces[1]}`;
    }
    const pad = strRepeat(' ', ctx.indent);
    const first = base === '' && braces[0].length === 1 ? ' ' : `${base ? ` ${base}` : ''}\n${pad}  `;
    return `${braces[0]}${first}${join(output, `,\n${pad}  `)} ${braces[1]}`;
  }

  function fitsOnLine(ctx, output, start, base) {
    let total = output.length + start;
    if (total + output.length > ctx.breakLength) return false;
    for (let i = 0; i < output.length; i++) {
      total += ctx.colors ? withoutColors(output[i]).length : output[i].length;
      if (total > ctx.breakLength) return false;
    }
    return base === '' || !strIncludes(base, '\n');
  }

  // columns lays out many short array entries in a grid: the number of columns comes
  // from the entries' widths (about 2.5 times as wide as high, at most 15 columns and
  // at most compact * 4), numbers are aligned right and other entries left.
  function columns(ctx, output, value) {
    let total = 0;
    let widest = 0;
    let count = output.length;
    if (ctx.maxArrayLength < output.length) count--;
    const widths = [];
    for (let i = 0; i < count; i++) {
      const w = width(output[i], ctx.colors);
      widths[i] = w;
      total += w + 2;
      if (widest < w) widest = w;
    }
    const cell = widest + 2;
    if (cell * 3 + ctx.indent >= ctx.breakLength || !(total / cell > 5 || widest <= 6)) return output;
    const bias = sqrt(cell - total / output.length);
    const biased = max(cell - 3 - bias, 1);
    const cols = min(
      round(sqrt(2.5 * biased * count) / biased),
      floor((ctx.breakLength - ctx.indent) / cell),
      ctx.compact * 4,
      15,
    );
    if (cols <= 1) return output;
    const colWidth = [];
    for (let c = 0; c < cols; c++) {
      let w = 0;
      for (let j = c; j < output.length; j += cols) if (widths[j] > w) w = widths[j];
      colWidth[c] = w + 2;
    }
    let alignRight = true;
    if (value !== undefined) {
      for (let i = 0; i < output.length; i++) {
        const t = typeof value[i];
        if (t !== 'number' && t !== 'bigint') { alignRight = false; break; }
      }
    }
    const rows = [];
    for (let i = 0; i < count; i += cols) {
      const last = min(i + cols, count) - 1;
      let row = '';
      for (let j = i; j < last; j++) {
        const w = colWidth[j - i] + output[j].length - widths[j];
        row += alignRight ? padStart(`${output[j]}, `, w, ' ') : padEnd(`${output[j]}, `, w, ' ');
      }
      if (alignRight) row += padStart(output[last], colWidth[last - i] + output[last].length - widths[last] - 2, ' ');
      else row += output[last];
      rows.push(row);
    }
    if (ctx.maxArrayLength < output.length) rows.push(output[count]);
    return rows;
  }

  // ---------------------------------------------------------------- util.inspect

  // inspect(value, options), or the older inspect(value, showHidden, depth, colors).
  function inspect(value, options) {
    const ctx = newContext(typeof options === 'object' && options !== null ? options : undefined);
    if (typeof options === 'boolean') ctx.showHidden = options;
    if (arguments.length > 2 && arguments[2] !== undefined) ctx.depth = arguments[2];
    if (arguments.length > 3 && arguments[3] !== undefined) ctx.colors = arguments[3];
    return render(finishContext(ctx), value, 0);
  }

  const colors = objectCreate(null);
  const colorTable = {
    reset: [0, 0], bold: [1, 22], dim: [2, 22], italic: [3, 23], underline: [4, 24],
    blink: [5, 25], inverse: [7, 27], hidden: [8, 28], strikethrough: [9, 29],
    doubleunderline: [21, 24], black: [30, 39], red: [31, 39], green: [32, 39],
    yellow: [33, 39], blue: [34, 39], magenta: [35, 39], cyan: [36, 39], white: [37, 39],
    bgBlack: [40, 49], bgRed: [41, 49], bgGreen: [42, 49], bgYellow: [43, 49],
    bgBlue: [44, 49], bgMagenta: [45, 49], bgCyan: [46, 49], bgWhite: [47, 49],
    framed: [51, 54], overlined: [53, 55], gray: [90, 39], redBright: [91, 39],
    greenBright: [92, 39], yellowBright: [93, 39], blueBright: [94, 39],
    magentaBright: [95, 39], cyanBright: [96, 39], whiteBright: [97, 39],
    bgGray: [100, 49], bgRedBright: [101, 49], bgGreenBright: [102, 49],
    bgYellowBright: [103, 49], bgBlueBright: [104, 49], bgMagentaBright: [105, 49],
    bgCyanBright: [106, 49], bgWhiteBright: [107, 49],
  };
  for (const name of objectKeys(colorTable)) colors[name] = colorTable[name];
  const colorAliases = {
    grey: 'gray', blackBright: 'gray', bgGrey: 'bgGray', bgBlackBright: 'bgGray',
    dim: 'faint', strikethrough: 'crossedout', strikeThrough: 'strikethrough',
    crossedOut: 'strikethrough', hidden: 'conceal', inverse: 'swapColors', swapcolors: 'inverse',
    doubleUnderline: 'doubleunderline',
  };
  for (const alias of objectKeys(colorAliases)) {
    const target = colorAliases[alias];
    if (colors[alias] === undefined) {
      defineProperty(colors, alias, {
        get() { return this[target]; },
        set(v) { this[target] = v; },
        configurable: true, enumerable: false,
      });
    } else if (colors[target] === undefined) {
      defineProperty(colors, target, {
        get() { return this[alias]; },
        set(v) { this[alias] = v; },
        configurable: true, enumerable: false,
      });
    }
  }

  const styles = objectCreate(null);
  const styleTable = {
    special: 'cyan', number: 'yellow', bigint: 'yellow', boolean: 'yellow', undefined: 'grey',
    null: 'bold', string: 'green', symbol: 'green', date: 'magenta', regexp: 'red', module: 'underline',
  };
  for (const name of objectKeys(styleTable)) styles[name] = styleTable[name];

  // util.inspect.defaultOptions is the live object inspect reads its defaults from.
  const inspectDefaultOptions = defaults;

  defineProperty(inspect, 'custom', { value: customSymbol, enumerable: false, writable: false, configurable: false });
  defineProperty(inspect, 'colors', { value: colors, enumerable: true, writable: true, configurable: true });
  defineProperty(inspect, 'styles', { value: styles, enumerable: true, writable: true, configurable: true });
  defineProperty(inspect, 'defaultOptions', {
    get: () => inspectDefaultOptions,
    set(options) {
      if (options === null || typeof options !== 'object') {
        throw argumentError('options', 'object', options);
      }
      const names = objectKeys(options);
      for (let i = 0; i < names.length; i++) if (isOption(names[i])) defaults[names[i]] = options[names[i]];
    },
    enumerable: true, configurable: true,
  });

  // ---------------------------------------------------------------- util.format

  // toStringIsBuiltin reports whether %s should inspect v: it has no own toString or
  // Symbol.toPrimitive, only one a built-in prototype gives it.
  function toStringIsBuiltin(v) {
    if (host.classOf(v) === proxyId) {
      const target = host.proxyTarget(v);
      if (target === null) return true;
      v = target;
    }
    if (hasOwn(v, toPrimitive)) return false;
    if (typeof v.toString !== 'function') return true;
    if (hasOwn(v, 'toString')) return false;
    let proto = v;
    do {
      proto = getPrototypeOf(proto);
    } while (!hasOwn(proto, 'toString'));
    const desc = getOwnPropertyDescriptor(proto, 'constructor');
    return desc !== undefined && typeof desc.value === 'function' && setHas(builtinNames, desc.value.name);
  }

  function jsonText(v) {
    try {
      return jsonStringify(v);
    } catch (err) {
      if (err instanceof TypeError && strIncludes(StringCtor(err.message), 'ircular')) return '[Circular]';
      throw err;
    }
  }

  const numberArg = (v, options, parse) => {
    if (typeof v === 'bigint') return bigintText(v, options.numericSeparator);
    if (typeof v === 'symbol') return 'NaN';
    return numberText(parse(v), options.numericSeparator);
  };

  function placeholder(code, arg, options) {
    if (since.legacy) {
      switch (code) {
        case 115: return StringCtor(arg); // %s
        case 100: return typeof arg === 'bigint' ? `${arg}n` : `${NumberCtor(arg)}`; // %d
        case 105: return typeof arg === 'bigint' ? `${arg}n` : `${toInt(arg)}`; // %i
        case 102: return `${toFloat(arg)}`; // %f
        case 99: return undefined; // %c came with Node 12
      }
    }
    switch (code) {
      case 115: // %s
        if (typeof arg === 'number') return numberText(arg, options.numericSeparator);
        if (typeof arg === 'bigint') return bigintText(arg, options.numericSeparator);
        if (typeof arg !== 'object' || arg === null || !toStringIsBuiltin(arg)) return StringCtor(arg);
        return inspect(arg, { ...options, depth: 0, colors: false, compact: 3 });
      case 106: return `${jsonText(arg)}`; // %j
      case 100: return numberArg(arg, options, NumberCtor); // %d
      case 79: return inspect(arg, options); // %O
      case 111: return inspect(arg, { ...options, showHidden: true, showProxy: true, depth: 4 }); // %o
      case 105: return numberArg(arg, options, toInt); // %i
      case 102: return typeof arg === 'symbol' ? 'NaN' : numberText(toFloat(arg), options.numericSeparator); // %f
      case 99: return ''; // %c
    }
    return undefined;
  }

  function formatArgs(options, args) {
    const first = args[0];
    let used = 0;
    let out = '';
    let sep = '';
    if (typeof first === 'string') {
      if (args.length === 1) return first;
      let from = 0;
      for (let i = 0; i < first.length - 1; i++) {
        if (charCode(first, i) !== 37) continue;
        const code = charCode(first, ++i);
        if (used + 1 !== args.length) {
          if (code === 37) { out += strSlice(first, from, i); from = i + 1; continue; }
          const text = placeholder(code, args[used + 1], options);
          if (text === undefined) continue;
          used++;
          if (from !== i - 1) out += strSlice(first, from, i - 1);
          out += text;
          from = i + 1;
        } else if (code === 37) {
          out += strSlice(first, from, i);
          from = i + 1;
        }
      }
      if (from !== 0) {
        used++;
        sep = ' ';
        if (from < first.length) out += strSlice(first, from);
      }
    }
    for (; used < args.length; used++) {
      const v = args[used];
      out += sep;
      out += typeof v !== 'string' ? legacyArg(v, options, typeof first === 'string') : since.legacy && typeof first !== 'string' ? inspect(v, options) : v;
      sep = ' ';
    }
    return out;
  }

  // legacyArg is an argument after the format string: Node before 12 printed the
  // primitives after a first string argument as String() does (-0 as 0).
  function legacyArg(v, options, afterString) {
    if (since.legacy && afterString && (typeof v === 'number' || typeof v === 'boolean' || v === undefined || v === null)) return `${v}`;
    return inspect(v, options);
  }

  function format(...args) {
    return formatArgs({}, args);
  }

  function formatWithOptions(options, ...args) {
    if (options === null || typeof options !== 'object') {
      if (since.legacy) return formatArgs({}, args);
      throw argumentError('inspectOptions', 'object', options);
    }
    return formatArgs(options, args);
  }

  const logOptions = {};
  function formatLog(...args) {
    if (since.legacy) return formatArgs(logOptions, args);
    // the arguments are mostly primitives: those need no inspection context
    let out = '';
    for (let i = 0; i < args.length; i++) {
      const v = args[i];
      const t = typeof v;
      if ((t === 'object' && v !== null) || t === 'function' || t === 'symbol' || (i === 0 && t === 'string' && strIncludes(v, '%')) ||
          (t !== 'string' && (defaults.numericSeparator || defaults.colors))) {
        return formatArgs(logOptions, args);
      }
      if (i > 0) out += ' ';
      if (t === 'string') out += v;
      else if (t === 'number') out += numberText(v, false);
      else if (t === 'bigint') out += `${v}n`;
      else out += `${v}`;
    }
    return out;
  }

  // ---------------------------------------------------------------- errors thrown

  function argumentError(name, type, value) {
    const err = new TypeError(`The "${name}" argument must be of type ${type}. Received ${received(value)}`);
    defineProperty(err, 'code', { value: 'ERR_INVALID_ARG_TYPE', enumerable: true, writable: true, configurable: true });
    return err;
  }

  function received(v) {
    if (v == null) return `${v}`;
    if (typeof v === 'function') return `function ${v.name}`;
    if (typeof v === 'object') {
      const ctor = v.constructor;
      if (ctor && ctor.name) return `an instance of ${ctor.name}`;
      return inspect(v, { depth: -1 });
    }
    let shown = inspect(v, { colors: false });
    if (shown.length > 28) shown = `${strSlice(shown, 0, 25)}...`;
    return `type ${typeof v} (${shown})`;
  }

  // ---------------------------------------------------------------- console

  function consoleDir(value, options) {
    return inspect(value, { customInspect: false, ...options });
  }

  const box = {
    top: ['┌', '┬', '┐'], mid: ['├', '┼', '┤'], bottom: ['└', '┴', '┘'], line: '─',
  };

  function renderTable(head, columnsData) {
    const widths = [];
    const rows = [];
    let longest = 0;
    for (let i = 0; i < columnsData.length; i++) if (columnsData[i].length > longest) longest = columnsData[i].length;
    for (let i = 0; i < head.length; i++) {
      widths[i] = width(head[i], true);
      const column = columnsData[i];
      for (let j = 0; j < longest; j++) {
        if (rows[j] === undefined) rows[j] = [];
        const cell = hasOwn(column, j) ? column[j] : '';
        rows[j][i] = cell;
        const w = width(cell, true);
        if (w > widths[i]) widths[i] = w;
      }
    }
    const rule = (ends) => {
      let out = ends[0];
      for (let i = 0; i < widths.length; i++) out += (i ? ends[1] : '') + strRepeat(box.line, widths[i] + 2);
      return out + ends[2];
    };
    const row = (cells) => {
      let out = '│ ';
      for (let i = 0; i < cells.length; i++) {
        const cell = cells[i];
        const room = widths[i] - width(cell, true);
        // Node before 12 centred the cells
        const left = since.legacy ? room >> 1 : 0;
        out += (i ? ' │ ' : '') + strRepeat(' ', left) + cell + strRepeat(' ', room - left);
      }
      return `${out} │`;
    };
    let out = `${rule(box.top)}\n${row(head)}\n${rule(box.mid)}\n`;
    for (let i = 0; i < rows.length; i++) out += `${row(rows[i])}\n`;
    return out + rule(box.bottom);
  }

  function consoleTable(data, properties) {
    if (properties !== undefined && !isArray(properties)) {
      const err = new TypeError(`The "properties" argument must be an instance of Array. Received ${received(properties)}`);
      defineProperty(err, 'code', { value: 'ERR_INVALID_ARG_TYPE', enumerable: true, writable: true, configurable: true });
      throw err;
    }
    if (data === null || typeof data !== 'object') return formatLog(data);
    const cell = (v) => inspect(v, {
      depth: v !== null && typeof v === 'object' && !isArray(v) && objectKeys(v).length > 2 ? -1 : 0,
      maxArrayLength: 3, breakLength: Infinity, colors: false,
    });
    const indexColumn = (n) => {
      const out = [];
      for (let i = 0; i < n; i++) out[i] = cell(i);
      return out;
    };
    const kind = kindOf(data);
    if (kind === 'MapIterator' || kind === 'Map' || kind === 'SetIterator' || kind === 'Set') {
      const [items, pairs] = host.entries(data);
      if (pairs) {
        const ks = [];
        const vs = [];
        for (let i = 0; i < items.length; i += 2) { ks.push(cell(items[i])); vs.push(cell(items[i + 1])); }
        return renderTable(['(iteration index)', 'Key', 'Values'], [indexColumn(ks.length), ks, vs]);
      }
      const vs = [];
      for (let i = 0; i < items.length; i++) vs.push(cell(items[i]));
      return renderTable(['(iteration index)', 'Values'], [indexColumn(vs.length), vs]);
    }
    const byColumn = objectCreate(null);
    const columnOrder = [];
    const valuesColumn = [];
    let primitives = false;
    const rowKeys = objectKeys(data);
    for (let i = 0; i < rowKeys.length; i++) {
      const item = data[rowKeys[i]];
      const primitive = item === null || (typeof item !== 'function' && typeof item !== 'object');
      if (properties === undefined && primitive) {
        primitives = true;
        valuesColumn[i] = cell(item);
        continue;
      }
      const names = properties || objectKeys(item);
      for (let k = 0; k < names.length; k++) {
        const name = names[k];
        if (byColumn[name] === undefined) { byColumn[name] = []; columnOrder.push(name); }
        byColumn[name][i] = (primitive && properties) || !hasOwn(item, name) ? '' : cell(item[name]);
      }
    }
    const head = ['(index)'];
    const cols = [rowKeys];
    for (let i = 0; i < columnOrder.length; i++) { head.push(columnOrder[i]); cols.push(byColumn[columnOrder[i]]); }
    if (primitives) { head.push('Values'); cols.push(valuesColumn); }
    return renderTable(head, cols);
  }

  // ---------------------------------------------------------------- util.types and others

  function stripVTControlCharacters(str) {
    if (typeof str !== 'string') throw argumentError('str', 'string', str);
    return host.stripVT(str);
  }

  function getStringWidth(str, removeControlChars = true) {
    return hostWidth(`${str}`, removeControlChars);
  }

  const is = (...names) => (v) => {
    const k = kindOf(v);
    for (let i = 0; i < names.length; i++) if (names[i] === k) return true;
    return false;
  };
  const types = {
    isExternal: () => false,
    isDate: is('Date'),
    isArgumentsObject: is('Arguments', 'MappedArguments'),
    isBigIntObject: is('BigInt'),
    isBooleanObject: is('Boolean'),
    isNumberObject: is('Number'),
    isStringObject: is('String'),
    isSymbolObject: is('Symbol'),
    isBoxedPrimitive: is('Number', 'String', 'Boolean', 'BigInt', 'Symbol'),
    isNativeError: is('Error'),
    isRegExp: is('RegExp'),
    isAsyncFunction: is('AsyncFunction', 'AsyncGeneratorFunction'),
    isGeneratorFunction: is('GeneratorFunction', 'AsyncGeneratorFunction'),
    isGeneratorObject: is('Generator', 'AsyncGenerator'),
    isPromise: is('Promise'),
    isMap: is('Map'),
    isSet: is('Set'),
    isMapIterator: is('MapIterator'),
    isSetIterator: is('SetIterator'),
    isWeakMap: is('WeakMap'),
    isWeakSet: is('WeakSet'),
    isArrayBuffer: is('ArrayBuffer'),
    isDataView: is('DataView'),
    isSharedArrayBuffer: is('SharedArrayBuffer'),
    isProxy: is('Proxy'),
    isModuleNamespaceObject: is('Module'),
    isAnyArrayBuffer: is('ArrayBuffer', 'SharedArrayBuffer'),
    isCryptoKey: () => false,
    isKeyObject: () => false,
    isArrayBufferView: (v) => isTypedKind(kindOf(v)) || kindOf(v) === 'DataView',
    isTypedArray: (v) => isTypedKind(kindOf(v)),
    isUint8Array: is('Uint8Array'),
    isUint8ClampedArray: is('Uint8ClampedArray'),
    isUint16Array: is('Uint16Array'),
    isUint32Array: is('Uint32Array'),
    isInt8Array: is('Int8Array'),
    isInt16Array: is('Int16Array'),
    isInt32Array: is('Int32Array'),
    isFloat16Array: is('Float16Array'),
    isFloat32Array: is('Float32Array'),
    isFloat64Array: is('Float64Array'),
    isBigInt64Array: is('BigInt64Array'),
    isBigUint64Array: is('BigUint64Array'),
  };

  const ALL_PROPERTIES = 0;
  const ONLY_ENUMERABLE = 2;
  function getOwnNonIndexProperties(obj, filter) {
    return host.ownNonIndexKeys(obj, filter === ONLY_ENUMERABLE);
  }

  return ({
    inspect,
    inspectDefaultOptions,
    format,
    formatWithOptions,
    formatLog,
    consoleDir,
    consoleTable,
    getStringWidth,
    stripVTControlCharacters,
    types,
    getOwnNonIndexProperties,
    ALL_PROPERTIES,
    ONLY_ENUMERABLE,
  });
})
