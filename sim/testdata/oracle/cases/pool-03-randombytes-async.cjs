// crypto.randomBytes with a callback goes through the pool; the length is what was asked.
// @nondeterministic: a quick pool job vs the check phase of the first iteration
const crypto = require('crypto');
crypto.randomBytes(16, (err, buf) => console.log('random', err, buf.length));
setImmediate(() => console.log('immediate'));
console.log('sync');
