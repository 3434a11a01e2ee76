// A stand-in for Node's Buffer in inspect_test.go (the simulator's Buffer lives in its
// own module): a Uint8Array subclass with Node v24.18.0's
// Buffer.prototype[util.inspect.custom] from lib/buffer.js, written on the API's
// getOwnNonIndexProperties, to show that the custom inspect hook prints <Buffer 68 69>
// as Node does.
(function (api) {
  'use strict';
  const { getOwnNonIndexProperties, ALL_PROPERTIES, ONLY_ENUMERABLE, inspect: utilInspect } = api;
  class Buffer extends Uint8Array {
    static from(s) {
      const b = new Buffer(s.length);
      for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i) & 255;
      return b;
    }
    static alloc(n) { return new Buffer(n); }
  }
  const hexSlice = (buf, start, end) => {
    let s = '';
    for (let i = start; i < end; i++) s += (buf[i] + 256).toString(16).slice(1);
    return s;
  };
  const INSPECT_MAX_BYTES = 50;
  Buffer.prototype[Symbol.for('nodejs.util.inspect.custom')] = function inspect(recurseTimes, ctx) {
    const max = INSPECT_MAX_BYTES;
    const actualMax = Math.min(max, this.length);
    const remaining = this.length - max;
    let str = hexSlice(this, 0, actualMax).replace(/(.{2})/g, '$1 ').trim();
    if (remaining > 0)
      str += ` ... ${remaining} more byte${remaining > 1 ? 's' : ''}`;
    // Inspect special properties as well, if possible.
    if (ctx) {
      let extras = false;
      const filter = ctx.showHidden ? ALL_PROPERTIES : ONLY_ENUMERABLE;
      const obj = { __proto__: null };
      getOwnNonIndexProperties(this, filter).forEach((key) => {
        extras = true;
        obj[key] = this[key];
      });
      if (extras) {
        if (this.length !== 0)
          str += ', ';
        // '[Object: null prototype] {'.length === 26
        str += utilInspect(obj, {
          ...ctx,
          breakLength: Infinity,
          compact: true,
        }).slice(27, -2);
      }
    }
    let constructorName = 'Buffer';
    try {
      const { constructor } = this;
      if (typeof constructor === 'function' && Object.prototype.hasOwnProperty.call(constructor, 'name')) {
        constructorName = constructor.name;
      }
    } catch { /* Ignore error and use default name */ }
    return `<${constructorName} ${str}>`;
  };
  globalThis.Buffer = Buffer;
})
