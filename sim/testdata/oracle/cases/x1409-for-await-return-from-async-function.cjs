// return inside for await: the generator's finally runs before the async function's promise settles.
async function* g() {
  try {
    for (let i = 0; ; i++) yield i;
  } finally {
    console.log('generator finally');
  }
}
async function firstOver(limit) {
  for await (const v of g()) {
    if (v > limit) return v;
  }
}
firstOver(2).then((v) => console.log('result', v));
Promise.resolve().then(() => console.log('other job'));
