// @threadpool: 4
// Four heavy pbkdf2 jobs saturate the pool. Timers and immediates do not use
// the pool and are unaffected; a tiny fs.stat must wait for a free thread,
// so it completes after the 30 ms timer and after at least one heavy job.
// Only order-independent facts about the pool jobs are printed.
const fs = require('fs');
const crypto = require('crypto');
let heavyDone = 0;
let statAfter = -1;
function report() {
  if (heavyDone === 4 && statAfter >= 0) {
    console.log('stat completed after ' + (statAfter >= 1 ? 'at least one' : 'none') + ' of the heavy jobs');
  }
}
for (let i = 1; i <= 4; i++) {
  crypto.pbkdf2('secret', 'salt' + i, 300000, 32, 'sha256', () => { heavyDone++; report(); });
}
fs.stat(__filename, () => { statAfter = heavyDone; report(); });
let timerBeforeStat = null;
setTimeout(() => {
  timerBeforeStat = statAfter < 0;
  console.log('timeout 30 (stat still pending: ' + timerBeforeStat + ')');
}, 30);
setImmediate(() => console.log('setImmediate'));
