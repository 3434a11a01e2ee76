// setEnvironmentData values are cloned into workers started afterwards.
const { Worker, setEnvironmentData, getEnvironmentData } = require('worker_threads');
setEnvironmentData('config', { mode: 'test', ids: new Set([1, 2]) });
console.log('main', getEnvironmentData('config').mode);
const w = new Worker(`
  const { getEnvironmentData, parentPort } = require('worker_threads');
  const c = getEnvironmentData('config');
  parentPort.postMessage([c.mode, [...c.ids]]);
`, { eval: true });
w.on('message', (m) => console.log('worker', m));
