// crypto.randomBytes: sync form returns a Buffer immediately; the async form
// calls back later from the thread pool (after the tick and the promise job).
// Only lengths are printed, never the random values.
const crypto = require('crypto');
console.log('sync randomBytes length: ' + crypto.randomBytes(12).length);
crypto.randomBytes(24, (err, buf) => {
  console.log('async randomBytes: err ' + err + ', length ' + buf.length);
});
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
console.log('sync end');
