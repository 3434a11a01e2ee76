// An exists() helper from fs.promises.access.
const { access } = require('fs/promises');
const exists = (p) => access(p).then(() => true, () => false);
(async () => {
  console.log('this file', await exists(__filename));
  console.log('missing', await exists('fsp-08-none'));
})();
