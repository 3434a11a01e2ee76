// An async generator that reads files with fs.promises: each step waits for the thread pool.
const fs = require('node:fs/promises');
async function* sizes(paths) {
  for (const p of paths) {
    const text = await fs.readFile(p, 'utf8');
    yield text.split('\n')[0].slice(0, 20);
  }
}
(async () => {
  for await (const line of sizes([__filename, __filename])) console.log('first line:', line);
  console.log('done');
})();
setTimeout(() => console.log('timer 1000'), 1000);
