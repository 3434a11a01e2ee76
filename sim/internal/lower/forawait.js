// The runtime half of lowered `for await` loops (forawait.go): ECMA-262's GetIterator
// (async), the loop's IteratorStep and AsyncIteratorClose, and
// CreateAsyncFromSyncIterator, step by step, so a lowered loop takes the ticks the
// specification (and V8) takes. A function expression, called once per run with
// closeSyncOnRejection (ECMA-262 2024 closes a sync iterator whose value is a rejected
// promise: V8 13, Node 24 on; Node 22 and older leave it open); it returns the helper.
(function (closeSyncOnRejection) {
  'use strict';
  const apply = Reflect.apply;
  const OrigPromise = Promise;
  const promiseResolve = Promise.resolve;
  const promiseThen = Promise.prototype.then;
  const asyncIteratorSym = Symbol.asyncIterator;
  const iteratorSym = Symbol.iterator;
  const isObject = (v) => (typeof v === 'object' && v !== null) || typeof v === 'function';
  const describe = (v) => (typeof v === 'string' ? JSON.stringify(v) : typeof v === 'symbol' ? v.toString() : String(v));

  // GetMethod(v, key): undefined for null or undefined, a TypeError for a non-function.
  const getMethod = (v, key) => {
    const m = v[key];
    if (m === undefined || m === null) return undefined;
    if (typeof m !== 'function') throw new TypeError(describe(m) + ' is not a function');
    return m;
  };

  // IteratorClose(syncIterator, completion) for a throw completion: errors of return()
  // are dropped, the original error wins.
  const closeSyncOnThrow = (iterator) => {
    try {
      const ret = getMethod(iterator, 'return');
      if (ret !== undefined) apply(ret, iterator, []);
    } catch {}
  };

  const rejected = (e) => new OrigPromise((_, reject) => reject(e));

  // AsyncFromSyncIteratorContinuation(result, promiseCapability, syncIteratorRecord,
  // closeOnRejection).
  const continuation = (result, syncIterator, closeOnRejection) => {
    let done, value, wrapper;
    try {
      done = !!result.done;
      value = result.value;
    } catch (e) {
      return rejected(e);
    }
    try {
      wrapper = apply(promiseResolve, OrigPromise, [value]);
    } catch (e) {
      if (!done && closeOnRejection) closeSyncOnThrow(syncIterator);
      return rejected(e);
    }
    const onFulfilled = (v) => ({ value: v, done });
    const onRejected = done || !closeOnRejection ? undefined : (e) => {
      closeSyncOnThrow(syncIterator);
      throw e;
    };
    return apply(promiseThen, wrapper, [onFulfilled, onRejected]);
  };

  // CreateAsyncFromSyncIterator(syncIteratorRecord).
  const asyncFromSync = (syncIterator, syncNext) => ({
    next(...args) {
      let result;
      try {
        result = apply(syncNext, syncIterator, args);
        if (!isObject(result)) throw new TypeError('Iterator result ' + describe(result) + ' is not an object');
      } catch (e) {
        return rejected(e);
      }
      return continuation(result, syncIterator, closeSyncOnRejection);
    },
    return(...args) {
      let result;
      try {
        const ret = getMethod(syncIterator, 'return');
        if (ret === undefined) return apply(promiseResolve, OrigPromise, [{ value: args[0], done: true }]);
        result = apply(ret, syncIterator, args);
        if (!isObject(result)) throw new TypeError('Iterator result ' + describe(result) + ' is not an object');
      } catch (e) {
        return rejected(e);
      }
      return continuation(result, syncIterator, false);
    },
    throw(...args) {
      let result;
      try {
        const thr = getMethod(syncIterator, 'throw');
        if (thr === undefined) {
          closeSyncOnThrow(syncIterator);
          throw new TypeError('The iterator does not provide a \'throw\' method');
        }
        result = apply(thr, syncIterator, args);
        if (!isObject(result)) throw new TypeError('Iterator result ' + describe(result) + ' is not an object');
      } catch (e) {
        return rejected(e);
      }
      return continuation(result, syncIterator, closeSyncOnRejection);
    },
  });

  // The loop's cursor: open tells whether leaving the loop now must close the iterator.
  class Cursor {
    constructor(iterator) {
      this.iterator = iterator;
      this.nextMethod = iterator.next;
      this.open = false;
    }
    next() { return apply(this.nextMethod, this.iterator, []); }
    end(result) {
      if (!isObject(result)) throw new TypeError('Iterator result ' + describe(result) + ' is not an object');
      return !!result.done;
    }
    value(result) {
      const v = result.value;
      this.open = true;
      return v;
    }
    ret() { return getMethod(this.iterator, 'return'); }
    call(method) { return apply(method, this.iterator, []); }
    check(inner) {
      if (!isObject(inner)) throw new TypeError('Iterator result ' + describe(inner) + ' is not an object');
    }
  }

  // GetIterator(obj, async).
  return function forAwait(obj) {
    if (obj === null || obj === undefined) throw new TypeError(describe(obj) + ' is not async iterable');
    let iterator;
    const method = getMethod(obj, asyncIteratorSym);
    if (method !== undefined) {
      iterator = apply(method, obj, []);
    } else {
      const syncMethod = getMethod(obj, iteratorSym);
      if (syncMethod === undefined) throw new TypeError(describe(obj) + ' is not async iterable');
      const syncIterator = apply(syncMethod, obj, []);
      if (!isObject(syncIterator)) throw new TypeError('Result of the Symbol.iterator method is not an object');
      iterator = asyncFromSync(syncIterator, syncIterator.next);
    }
    if (!isObject(iterator)) throw new TypeError('Result of the Symbol.asyncIterator method is not an object');
    return new Cursor(iterator);
  };
})
