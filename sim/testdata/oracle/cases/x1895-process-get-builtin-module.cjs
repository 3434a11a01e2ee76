// process.getBuiltinModule(id) (Node 20.16+, 22.3+): a built-in's exports, with or
// without node:, the same object require gives; undefined for anything that is not a
// built-in; ERR_INVALID_ARG_TYPE for an id that is not a string.
if (typeof process.getBuiltinModule !== 'function') {
  console.log('no getBuiltinModule:', typeof process.getBuiltinModule);
} else {
  const get = process.getBuiltinModule;
  console.log(get.name, get.length);
  console.log(get('fs') === require('fs'), get('node:fs') === require('fs'), get('node:path') === require('path'));
  console.log(get('fs/promises') === require('fs').promises, get('node:events') === require('events'));
  console.log(get('not-a-module'), get('node:not-a-module'), get('./local'), get('/abs/path'), get('test'));
  const { createHash } = get('node:crypto');
  console.log(createHash('sha256').update('abc').digest('hex').slice(0, 16));
  const { EventEmitter } = get('events');
  const ee = new EventEmitter();
  ee.on('ping', (x) => console.log('pong', x));
  ee.emit('ping', 1);
  for (const bad of [undefined, 42, {}]) {
    try { get(bad); } catch (e) { console.log(e.name, e.code, e.message); }
  }
}
const proc = require('process');
console.log(proc === process, typeof proc.getuid, typeof proc.umask, typeof proc.getActiveResourcesInfo);
