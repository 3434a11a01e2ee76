// An async generator yields values over time; for await consumes them in order.
async function* countdown(n) {
  while (n > 0) {
    await new Promise((r) => setTimeout(r, 10));
    yield n--;
  }
}
(async () => {
  for await (const n of countdown(3)) console.log('n =', n);
  console.log('liftoff');
})();
