// util.promisify(exec): {stdout, stderr}, or a rejection carrying them.
const util = require('util');
const execP = util.promisify(require('child_process').exec);
(async () => {
  const { stdout, stderr } = await execP('echo promised');
  console.log(JSON.stringify(stdout), JSON.stringify(stderr));
  try {
    await execP('echo partial; exit 2');
  } catch (e) {
    console.log('rejected', e.code, JSON.stringify(e.stdout));
  }
})();
console.log('sync end');
