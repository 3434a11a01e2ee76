// What every machine's environment has (HOME as os.homedir() reads it, a PATH, the
// shell), and the entry module's own fields as Node makes them.
const os = require('os');
const path = require('path');
console.log('HOME is a string:', typeof process.env.HOME, process.env.HOME === os.homedir());
console.log('PATH has bin:', process.env.PATH.split(path.delimiter).some((d) => d.endsWith('bin')));
console.log('unset variable:', process.env.LOOPLAB_NOT_SET, 'LOOPLAB_NOT_SET' in process.env);
process.env.LOOPLAB_COUNT = 3;
console.log('values become strings:', typeof process.env.LOOPLAB_COUNT, process.env.LOOPLAB_COUNT);
delete process.env.LOOPLAB_COUNT;
console.log('deleted:', process.env.LOOPLAB_COUNT);
console.log('module:', module.id, module.path === __dirname, module.filename === __filename, module.loaded);
console.log('children:', module.children, 'paths start here:', module.paths[0] === path.join(__dirname, 'node_modules'), module.paths[module.paths.length - 1]);
console.log('keys:', Object.keys(module));
setImmediate(() => console.log('loaded later:', module.loaded));
