// @threadpool: 5
// Contrast with 701: with 5 pool threads the tiny fifth pbkdf2 gets a thread
// of its own and finishes before every heavy job.
const crypto = require('crypto');
let heavyDone = 0;
let tinyAfter = -1;
function maybeReport() {
  if (heavyDone === 4 && tinyAfter >= 0) {
    console.log('tiny job 5 finished after ' + (tinyAfter >= 1 ? 'at least one' : 'none') + ' of the heavy jobs');
  }
}
for (let id = 1; id <= 4; id++) {
  crypto.pbkdf2('secret', 'salt' + id, 300000, 32, 'sha256', () => {
    heavyDone++;
    maybeReport();
  });
}
crypto.pbkdf2('secret', 'salt5', 1000, 32, 'sha256', () => {
  tinyAfter = heavyDone;
  maybeReport();
});
console.log('all 5 submitted');
