// for await over a sync generator awaits each yielded promise; break closes the sync generator.
function* sync() {
  try {
    yield Promise.resolve('p1');
    yield new Promise((r) => setTimeout(() => r('p2 after a timer'), 10));
    yield 'v3';
    yield 'v4';
  } finally {
    console.log('sync generator finally');
  }
}
(async () => {
  for await (const v of sync()) {
    console.log(v);
    if (v === 'v3') break;
  }
  console.log('after loop');
})();
