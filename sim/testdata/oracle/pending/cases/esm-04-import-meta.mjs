// import.meta.url and the file name from it.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
console.log(import.meta.url.startsWith('file:///'));
const file = fileURLToPath(import.meta.url);
console.log(path.basename(file));
console.log(typeof __filename);
