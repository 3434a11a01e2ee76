// timers_promises.js: node:timers/promises on the same timers and check queue (R-T6).
(function (exports, internals) {
  'use strict';
  const timers = internals.builtin('timers');
  exports.setTimeout = function setTimeout(delay, value, options) {
    return new Promise((resolve) => {
      const t = timers.setTimeout(resolve, delay, value);
      if (options && options.ref === false) t.unref();
    });
  };
  exports.setImmediate = function setImmediate(value) {
    return new Promise((resolve) => timers.setImmediate(resolve, value));
  };
  // setInterval returns an async iterator (the engine has no async generators).
  exports.setInterval = function setInterval(delay, value) {
    const pending = [];
    const waiters = [];
    const t = timers.setInterval(() => {
      if (waiters.length) waiters.shift()({ value, done: false }); else pending.push(value);
    }, delay);
    const it = {
      next() {
        if (pending.length) return Promise.resolve({ value: pending.shift(), done: false });
        return new Promise((resolve) => waiters.push(resolve));
      },
      return() { timers.clearInterval(t); return Promise.resolve({ value: undefined, done: true }); },
      [Symbol.asyncIterator]() { return it; },
    };
    return it;
  };
  exports.scheduler = { wait: (delay) => exports.setTimeout(delay), yield: () => exports.setImmediate() };
})
