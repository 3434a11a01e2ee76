// Promise combinators over timer-based promises (10 ms steps): race settles
// with the fastest (a rejection here), any skips it and takes the first
// fulfilment, allSettled waits for all, all rejects at the rejection.
const delay = (ms, v, fail) => new Promise((resolve, reject) => setTimeout(() => {
  console.log('timer ' + ms);
  if (fail) reject(new Error(v)); else resolve(v);
}, ms));
const a = delay(30, 'A');
const b = delay(10, 'B failed', true);
const c = delay(20, 'C');
Promise.race([a, b, c]).then(
  (v) => console.log('race fulfilled ' + v),
  (e) => console.log('race rejected ' + e.message));
Promise.any([a, b, c]).then((v) => console.log('any -> ' + v));
Promise.all([a, b, c]).catch((e) => console.log('all rejected ' + e.message));
Promise.allSettled([a, b, c]).then((rs) => console.log('allSettled -> ' + rs.map((r) => r.status).join(',')));
