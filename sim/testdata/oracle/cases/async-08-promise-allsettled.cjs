// Promise.allSettled reports every result, fulfilled or rejected, in input order.
const later = (ms, v, fail) => new Promise((res, rej) => setTimeout(() => (fail ? rej(new Error(v)) : res(v)), ms));
Promise.allSettled([later(20, 'a'), later(10, 'b', true), 42]).then((results) => {
  for (const r of results) console.log(r.status, r.value !== undefined ? r.value : r.reason.message);
});
