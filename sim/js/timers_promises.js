// timers_promises.js: node:timers/promises on the same timers and check queue (R-T6).
// A signal in the options cancels the wait: the promise rejects with Node's AbortError
// (the signal's reason as its cause); with a signal the promise Node returns is the
// wait's promise .finally(remove the abort listener), which costs its microtask hops,
// so the same is done here. setInterval is an async generator, as in Node.
(function (exports, internals) {
  'use strict';
  const timers = internals.builtin('timers');
  const { invalidArgType } = internals;
  const AbortSignal = () => internals.AbortSignal;

  // checkOptions throws what Node rejects with for bad options.
  function checkOptions(options) {
    if (options === null || typeof options !== 'object') throw invalidArgType('options', 'of type object', options);
    const { signal, ref } = options;
    if (signal !== undefined && !(signal instanceof AbortSignal())) {
      throw invalidArgType('options.signal', 'an instance of AbortSignal', signal);
    }
    if (ref !== undefined && typeof ref !== 'boolean') throw invalidArgType('options.ref', 'of type boolean', ref);
  }

  // wait arms a timer or an immediate with arm(resolve) and gives the promise Node gives.
  function wait(arm, clear, options) {
    try {
      checkOptions(options);
    } catch (err) {
      return Promise.reject(err);
    }
    const { signal, ref = true } = options;
    if (signal && signal.aborted) return Promise.reject(internals.abortError(signal));
    let resolve, reject;
    const promise = new Promise((res, rej) => { resolve = res; reject = rej; });
    const handle = arm(resolve);
    if (!ref) handle.unref();
    if (!signal) return promise;
    const onAbort = () => {
      if (!handle._destroyed) {
        clear(handle);
        reject(internals.abortError(signal));
      }
    };
    signal.addEventListener('abort', onAbort);
    return promise.finally(() => signal.removeEventListener('abort', onAbort));
  }

  exports.setTimeout = function setTimeout(delay, value, options = {}) {
    return wait((resolve) => timers.setTimeout(resolve, delay, value), timers.clearTimeout, options);
  };
  exports.setImmediate = function setImmediate(value, options = {}) {
    return wait((resolve) => timers.setImmediate(resolve, value), timers.clearImmediate, options);
  };

  // setInterval yields value once per interval; intervals that passed while nobody was
  // reading are yielded back to back.
  exports.setInterval = async function* setInterval(delay, value, options = {}) {
    checkOptions(options);
    const { signal, ref = true } = options;
    if (signal && signal.aborted) throw internals.abortError(signal);
    let interval, onAbort;
    try {
      let due = 0;
      let wake;
      interval = timers.setInterval(() => {
        due++;
        if (wake) { wake(); wake = undefined; }
      }, delay);
      if (!ref) interval.unref();
      if (signal) {
        onAbort = () => {
          timers.clearInterval(interval);
          if (wake) { wake(Promise.reject(internals.abortError(signal))); wake = undefined; }
        };
        signal.addEventListener('abort', onAbort, { once: true });
      }
      while (!(signal && signal.aborted)) {
        if (due === 0) await new Promise((resolve) => { wake = resolve; });
        for (; due > 0; due--) yield value;
      }
      throw internals.abortError(signal);
    } finally {
      timers.clearInterval(interval);
      if (signal) signal.removeEventListener('abort', onAbort);
    }
  };

  class Scheduler {
    wait(delay, options) { return exports.setTimeout(delay, undefined, options); }
    yield() { return exports.setImmediate(); }
  }
  exports.scheduler = new Scheduler();
})
