// import() of files the program wrote: an ES module, a .cjs file and a .js file without
// ES module syntax (CommonJS: module.exports is the default, its names are named exports).
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
const here = new URL('.', import.meta.url);
const at = (n) => new URL(n, here);
for (const n of ['x2701-a.tmp.mjs', 'x2701-b.tmp.cjs', 'x2701-c.tmp.js']) fs.rmSync(at(n), { force: true });
fs.writeFileSync(at('x2701-a.tmp.mjs'), 'export const x = 1; export default "dflt"; console.log("a runs");');
fs.writeFileSync(at('x2701-b.tmp.cjs'), 'exports.hello = (n) => "hi " + n; exports.count = 3; console.log("b runs");');
fs.writeFileSync(at('x2701-c.tmp.js'), 'function add(a, b) { return a + b; } const name = "c"; module.exports = { add, name, other: 1 + 1, late: 3 };');
console.log('before');
const a = await import(at('x2701-a.tmp.mjs'));
console.log(a.x, a.default);
const b = await import(at('x2701-b.tmp.cjs'));
console.log(b.hello('there'), b.count, typeof b.default, Object.keys(b).sort().join());
const c = await import(at('x2701-c.tmp.js').href);
console.log(c.add(2, 3), c.name, c.other, c.late, c.default.other, Object.keys(c).sort().join());
const again = await import(at('x2701-b.tmp.cjs'));
console.log(again === b);
for (const n of ['x2701-a.tmp.mjs', 'x2701-b.tmp.cjs', 'x2701-c.tmp.js']) fs.unlinkSync(at(n));
try { await import(at('x2701-missing.mjs')); } catch (e) { console.log(e.code); }
