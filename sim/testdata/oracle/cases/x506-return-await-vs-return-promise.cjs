// 'return await p' (2 ticks to .then: await resumption 1, then .then 2) is
// faster than 'return p' (3 ticks: thenable job, reaction, .then).
// ticks(n): a reference then-chain; "tick k" prints in microtask round k.
function ticks(n) {
  let p = Promise.resolve();
  for (let i = 1; i <= n; i++) p = p.then(() => console.log('tick ' + i));
}
const p = Promise.resolve('p');
async function plainReturn() { return p; }
async function returnAwait() { return await p; }
ticks(5);
plainReturn().then(() => console.log('return p -> then'));
returnAwait().then(() => console.log('return await p -> then'));
