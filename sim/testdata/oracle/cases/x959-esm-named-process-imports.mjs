// Named imports from node:process: its own properties, the rarely used ones included.
import process, { nextTick, cwd, hrtime, platform, argv, env, memoryUsage, exit } from 'node:process';
console.log(typeof nextTick, typeof cwd, typeof hrtime, platform, Array.isArray(argv), typeof env, typeof memoryUsage, typeof exit);
console.log(nextTick === process.nextTick, hrtime === process.hrtime);
nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
process.exitCode = 3;
