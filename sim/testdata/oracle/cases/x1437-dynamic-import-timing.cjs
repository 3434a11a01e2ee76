// When import() of a built-in settles: after the promise jobs and ticks queued with it, before a timer.
setTimeout(() => console.log('timeout 0'), 0);
import('node:events').then((ns) => console.log('import settled', typeof ns.once));
process.nextTick(() => console.log('nextTick'));
let p = Promise.resolve();
for (let i = 1; i <= 5; i++) p = p.then(() => console.log('then', i));
import('node:events').then((ns) => import('node:events').then((again) => console.log('same namespace', ns === again)));
