// Four pbkdf2 jobs on a pool of four run side by side; all finish, in some order, before the timer.
const crypto = require('crypto');
const t0 = Date.now();
let done = 0;
for (let i = 1; i <= 4; i++) {
  crypto.pbkdf2('secret', 'salt', 100000, 32, 'sha256', () => {
    done++;
    if (done === 4) console.log('all four done');
  });
}
setTimeout(() => console.log('timer 1000 ms'), 1000);
console.log('queued four jobs');
