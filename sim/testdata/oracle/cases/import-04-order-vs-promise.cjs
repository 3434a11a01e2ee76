// import() resolves after plain promise reactions and a nextTick.
import('node:fs').then(() => console.log('import resolved'));
Promise.resolve().then(() => console.log('promise'));
process.nextTick(() => console.log('tick'));
setTimeout(() => console.log('timeout 20'), 20);
