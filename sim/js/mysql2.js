// mysql2.js: a database client shaped like mysql2's pool (callback form). Queries go to
// the scenario's simulated database: each holds one of the pool's connections for its
// latency, and waiting holds no thread. The promise form is node:mysql2/promise.
(function (exports, internals) {
  'use strict';
  const { host } = internals;
  class Pool {
    constructor(config) {
      this.config = config || {};
      this.id = host.dbPool(this.config.connectionLimit || 0); // its own connections
    }
    query(sql, params, cb) {
      if (typeof params === 'function') { cb = params; params = undefined; }
      const text = typeof sql === 'string' ? sql : String(sql && sql.sql);
      host.dbQuery(this.id, text, (rows) => {
        const result = JSON.parse(rows);
        if (cb) cb(null, result, []);
      });
    }
    execute(sql, params, cb) { return this.query(sql, params, cb); }
    end(cb) { if (cb) internals.process.nextTick(cb); }
    get promise() { return () => promisePool(this); }
  }
  function promisePool(pool) {
    return {
      query: (sql, params) => new Promise((resolve, reject) => pool.query(sql, params, (err, rows, fields) => (err ? reject(err) : resolve([rows, fields])))),
      execute(sql, params) { return this.query(sql, params); },
      end: () => Promise.resolve(),
    };
  }
  exports.createPool = (config) => new Pool(config);
  exports.createConnection = (config) => new Pool(Object.assign({ connectionLimit: 1 }, config));
  exports.promisePool = promisePool;
})
