// fs.stat against setImmediate at the top of an ES module.
import fs from 'node:fs';
fs.stat(import.meta.dirname ?? '.', () => console.log('stat'));
setImmediate(() => console.log('immediate'));
