// for await at the top level of a module, over an async generator driven by timers.
async function* ticks() {
  for (let i = 1; i <= 3; i++) {
    await new Promise((r) => setTimeout(r, 10));
    yield i;
  }
}
let total = 0;
for await (const t of ticks()) {
  console.log('tick', t);
  total += t;
}
console.log('total', total);
setImmediate(() => console.log('immediate after the loop'));
