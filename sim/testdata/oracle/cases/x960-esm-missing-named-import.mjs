// A named import the module does not export fails before the body runs: nothing is
// printed and the exit code is 1.
import { nope } from 'node:fs';
console.log('never', nope);
