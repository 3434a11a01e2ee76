// Three async functions awaiting a mix of plain values and a thenable: each
// plain await is one step per tick, the thenable costs an extra tick, so the
// interleaving shifts.
// ticks(n): a reference then-chain; "tick k" prints in microtask round k.
function ticks(n) {
  let p = Promise.resolve();
  for (let i = 1; i <= n; i++) p = p.then(() => console.log('tick ' + i));
}
const thenable = { then(r) { r('t'); } };
async function a() { await 0; console.log('a1'); await 0; console.log('a2'); await 0; console.log('a3'); }
async function b() { await thenable; console.log('b1 (after thenable)'); await 0; console.log('b2'); }
async function c() { await 0; console.log('c1'); await thenable; console.log('c2 (after thenable)'); }
ticks(5);
a();
b();
c();
