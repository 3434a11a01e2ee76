// require is not defined in an ES module; createRequire gives one.
import { createRequire } from 'node:module';
console.log(typeof require);
const require2 = createRequire(import.meta.url);
console.log(typeof require2('node:path').join);
