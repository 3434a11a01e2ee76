// Importing a module from a data: URL.
const mod = await import('data:text/javascript,export const answer = 42; export default "dflt";');
console.log(mod.answer, mod.default);
