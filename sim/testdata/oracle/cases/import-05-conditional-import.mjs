// Choosing a module at run time with import().
const useZlib = process.argv.length > 100;
const name = useZlib ? 'node:zlib' : 'node:crypto';
const mod = await import(name);
console.log(name, typeof mod.createHash);
