// Default and named imports of built-in modules.
import fs, { readFileSync } from 'node:fs';
import EventEmitter, { once } from 'node:events';
console.log(fs.readFileSync === readFileSync, typeof EventEmitter, typeof once);
const e = new EventEmitter();
setTimeout(() => e.emit('x', 42), 5);
const [v] = await once(e, 'x');
console.log('once', v);
