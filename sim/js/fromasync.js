// fromasync.js: Array.fromAsync (ES2024), which the engine lacks and V8 has since Node 22.
// Written from ECMA-262's algorithm, one await where the specification awaits, so the
// promise jobs it takes are V8's. forAwait is the helper of lowered `for await` loops
// (sim/internal/lower): GetIterator(items, async), with CreateAsyncFromSyncIterator for a
// sync iterable.
(function (forAwait) {
  'use strict';
  const isCallable = (f) => typeof f === 'function';
  // IsConstructor(C): a class or an ordinary function, not an arrow or a method.
  const isConstructor = (C) => {
    if (!isCallable(C)) return false;
    try {
      Reflect.construct(String, [], C);
      return true;
    } catch {
      return false;
    }
  };
  const createDataProperty = (A, k, v) => {
    if (!Reflect.defineProperty(A, k, { value: v, writable: true, enumerable: true, configurable: true })) {
      throw new TypeError('Cannot add property ' + k + ', object is not extensible');
    }
  };
  const setLength = (A, n) => {
    if (!Reflect.set(A, 'length', n)) throw new TypeError("Cannot assign to read only property 'length' of object");
  };

  // GetMethod(v, key) is not undefined: v is iterable that way.
  const hasMethod = (v, key) => v[key] !== undefined && v[key] !== null;

  // The specification's fromAsyncClosure: one async function, so the promise it returns
  // settles in the job its last step runs in.
  const fromAsyncClosure = async (C, items, mapfn, thisArg) => {
    if (mapfn !== undefined && !isCallable(mapfn)) throw new TypeError(String(mapfn) + ' is not a function');
    if (items !== null && items !== undefined && (hasMethod(items, Symbol.asyncIterator) || hasMethod(items, Symbol.iterator))) {
      const cursor = forAwait(items);
      const A = isConstructor(C) ? new C() : [];
      for (let k = 0; ; k++) {
        const result = await cursor.next();
        if (cursor.end(result)) {
          setLength(A, k);
          return A;
        }
        let value = cursor.value(result);
        try {
          if (mapfn !== undefined) value = await Reflect.apply(mapfn, thisArg, [value, k]);
          createDataProperty(A, k, value);
        } catch (e) {
          // AsyncIteratorClose with a throw completion: return() awaited, its errors dropped.
          try {
            const ret = cursor.ret();
            if (ret !== undefined) await cursor.call(ret);
          } catch {}
          throw e;
        }
      }
    }
    // An array-like: each element awaited in index order.
    if (items === null || items === undefined) throw new TypeError(String(items) + ' is not iterable');
    const arrayLike = Object(items);
    const len = Math.min(Math.max(Math.trunc(Number(arrayLike.length)) || 0, 0), Number.MAX_SAFE_INTEGER);
    const A = isConstructor(C) ? new C(len) : new Array(len);
    for (let k = 0; k < len; k++) {
      let value = await arrayLike[k];
      if (mapfn !== undefined) value = await Reflect.apply(mapfn, thisArg, [value, k]);
      createDataProperty(A, k, value);
    }
    setLength(A, len);
    return A;
  };

  return {
    fromAsync(asyncItems, mapfn = undefined, thisArg = undefined) {
      return fromAsyncClosure(this, asyncItems, mapfn, thisArg);
    },
  }.fromAsync;
})
