// rm with force ignores a missing path; without it rejects.
const fs = require('fs/promises');
(async () => {
  await fs.rm('fsp-11-missing', { force: true });
  console.log('force: no error');
  await fs.rm('fsp-11-missing').catch((e) => console.log('no force:', e.code));
})();
