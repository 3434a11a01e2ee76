// break leaves a for await loop only after the generator's finally, awaits included, has run.
async function* g() {
  try {
    yield 1;
    yield 2;
    yield 3;
  } finally {
    await new Promise((r) => setTimeout(r, 20));
    console.log('generator closed');
  }
}
(async () => {
  for await (const v of g()) {
    console.log('value', v);
    if (v === 2) break;
  }
  console.log('after loop');
})();
setTimeout(() => console.log('timer 10'), 10);
