// After break, the code after the loop waits for return() of the generator: count the jobs between.
async function* g() { yield 1; yield 2; }
(async () => {
  for await (const v of g()) {
    console.log('loop', v);
    break;
  }
  console.log('after loop');
})();
let p = Promise.resolve();
for (let i = 1; i <= 8; i++) p = p.then(() => console.log('then', i));
