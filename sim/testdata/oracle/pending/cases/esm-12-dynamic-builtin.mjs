// await import() of a built-in module inside an ES module.
const { default: path, join } = await import('node:path');
console.log(join('a', 'b'), path.sep);
const os = await import('node:os');
console.log(typeof os.cpus);
