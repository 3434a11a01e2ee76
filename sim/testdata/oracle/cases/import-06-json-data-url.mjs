// Two data-URL modules, one importing a builtin.
const a = await import('data:text/javascript,import { sep } from "node:path"; export const s = sep;');
console.log('sep is', a.s);
