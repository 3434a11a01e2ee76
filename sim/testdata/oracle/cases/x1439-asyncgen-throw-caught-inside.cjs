// throw() into a generator suspended at a yield inside try: the generator catches it and goes on.
async function* g() {
  let attempt = 0;
  while (attempt < 3) {
    attempt++;
    try {
      yield 'attempt ' + attempt;
    } catch (e) {
      console.log('generator caught', e.message);
    }
  }
}
(async () => {
  const it = g();
  console.log(JSON.stringify(await it.next()));
  console.log(JSON.stringify(await it.throw(new Error('retry'))));
  console.log(JSON.stringify(await it.next()));
  console.log(JSON.stringify(await it.next()));
})();
