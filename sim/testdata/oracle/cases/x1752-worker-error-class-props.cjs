// A worker's uncaught error keeps its class and its own properties in the parent.
const { Worker } = require('worker_threads');
const w = new Worker(`
  const e = new TypeError('bad config');
  e.code = 'E_CONFIG';
  e.details = { key: 'port' };
  throw e;
`, { eval: true });
w.on('error', (err) => console.log(err instanceof TypeError, err.name, err.message, err.code, err.details));
w.on('exit', (code) => console.log('exit', code));
