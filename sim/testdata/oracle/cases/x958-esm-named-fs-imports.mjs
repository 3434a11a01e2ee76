// Named imports from node:fs and node:fs/promises, next to the default import.
import fs, { stat, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
console.log(typeof stat, typeof readFileSync, fs.stat === stat);
stat(import.meta.filename, (err, st) => console.log('stat', err, st.isFile()));
readFile(import.meta.filename).then((b) => console.log('readFile', b.length > 0));
process.nextTick(() => console.log('tick'));
