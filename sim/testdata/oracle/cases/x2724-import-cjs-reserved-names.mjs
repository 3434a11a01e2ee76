// An imported CommonJS module's export names may be reserved words (exports.delete,
// module.exports.new): each is a named export as Node's loader gives it (R-M8).
import fs from 'node:fs';
const dep = new URL('./x2724-dep.tmp.cjs', import.meta.url);
fs.writeFileSync(dep, 'exports.delete = () => "del"; exports.ok = 1; module.exports.new = 2; Object.defineProperty(exports, "class", { value: 3, enumerable: true });');
const m = await import(dep);
console.log(m.delete(), m.ok, m.new, m.class, Object.keys(m).sort().join());
fs.unlinkSync(dep);
