// mysql2_promise.js: the promise form of the simulated database client (mysql2/promise).
(function (exports, internals) {
  'use strict';
  const cb = internals.builtin('mysql2');
  exports.createPool = (config) => cb.promisePool(cb.createPool(config));
  exports.createConnection = (config) => Promise.resolve(cb.promisePool(cb.createConnection(config)));
})
