// yield* delegates to another async generator; return() on the outer one reaches the inner finally.
async function* inner() {
  try {
    yield 'inner 1';
    yield 'inner 2';
  } finally {
    console.log('inner finally');
  }
}
async function* outer() {
  try {
    yield 'outer start';
    const r = yield* inner();
    console.log('inner returned', r);
    yield 'outer end';
  } finally {
    console.log('outer finally');
  }
}
(async () => {
  for await (const v of outer()) console.log(v);
  const it = outer();
  await it.next();
  await it.next();
  console.log(JSON.stringify(await it.return('stopped')));
})();
