// A rejected fs promise caught with try/catch.
const { readFile } = require('node:fs/promises');
(async () => {
  try {
    await readFile('fsp-02-missing.txt');
  } catch (err) {
    console.log('caught', err.code, err.syscall);
  }
})();
