// fs/promises in an ES module with top-level await.
import { readFile, writeFile, unlink } from 'node:fs/promises';
await writeFile('fsp-12.tmp', 'esm');
console.log(await readFile('fsp-12.tmp', 'utf8'));
await unlink('fsp-12.tmp');
console.log('top-level await done');
