// Promise.allSettled reports results in INPUT order, whatever the order in
// which the inputs settled (here: reverse order via timers).
const later = (ms, ok) => new Promise((resolve, reject) => setTimeout(() => {
  console.log('settled ' + ms);
  if (ok) resolve('v' + ms); else reject(new Error('e' + ms));
}, ms));
Promise.allSettled([later(30, true), later(20, false), later(10, true), 'plain'])
  .then((results) => {
    for (const r of results) {
      console.log(r.status + ' ' + (r.status === 'fulfilled' ? r.value : r.reason.message));
    }
  });
