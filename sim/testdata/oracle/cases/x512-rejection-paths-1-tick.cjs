// Rejections take the same number of ticks as fulfilments: an async function
// that throws rejects its promise on return (.catch in tick 1); awaiting a
// rejected native promise inside try/catch resumes (in the catch block) in
// tick 1.
// ticks(n): a reference then-chain; "tick k" prints in microtask round k.
function ticks(n) {
  let p = Promise.resolve();
  for (let i = 1; i <= n; i++) p = p.then(() => console.log('tick ' + i));
}
const rejected = Promise.reject(new Error('r'));
rejected.catch(() => {});
async function throws() { throw new Error('thrown'); }
ticks(3);
throws().catch((e) => console.log('catch of async throw: ' + e.message));
(async () => {
  try {
    await rejected;
  } catch (e) {
    console.log('catch after await rejected: ' + e.message);
  }
})();
