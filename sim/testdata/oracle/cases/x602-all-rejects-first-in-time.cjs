// Promise.all rejects with the FIRST rejection in time (the 10 ms one, not
// the first in array order); the later rejection is absorbed by all() and
// is not an unhandled rejection (exit code 0). The other inputs still settle.
const later = (ms, ok) => new Promise((resolve, reject) => setTimeout(() => {
  console.log('timer ' + ms + ' ' + (ok ? 'fulfils' : 'rejects'));
  if (ok) resolve(ms); else reject(new Error('rejected at ' + ms));
}, ms));
Promise.all([later(30, false), later(5, true), later(10, false)])
  .then(() => console.log('never'))
  .catch((e) => console.log('all rejected: ' + e.message));
process.on('exit', (code) => console.log('exit ' + code));
