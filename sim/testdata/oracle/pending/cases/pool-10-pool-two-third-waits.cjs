// @threadpool: 2
// A pool of two: of three long jobs the third ends last, after a 10 ms timer set from main.
// @nondeterministic: at a load average of 20, a niced pool thread can be descheduled long enough to reorder the jobs
const crypto = require('crypto');
const order = [];
for (const n of ['a', 'b', 'c']) crypto.pbkdf2('p', n, 200000, 16, 'sha256', () => { order.push(n); if (order.length === 3) console.log('third to finish:', order[2]); });
setTimeout(() => console.log('timer 10'), 10);
