// Leaving a for await loop with break calls return() on the generator, which runs its finally.
async function* gen() {
  try {
    yield 1;
    yield 2;
    yield 3;
  } finally {
    console.log('generator cleanup');
  }
}
(async () => {
  for await (const v of gen()) {
    console.log('got', v);
    if (v === 2) break;
  }
  console.log('after loop');
})();
