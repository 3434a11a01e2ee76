// An exception in the loop body closes the generator (its finally runs) before the catch sees the error.
async function* g() {
  try {
    yield 'a';
    yield 'b';
  } finally {
    console.log('generator finally');
  }
}
(async () => {
  try {
    for await (const v of g()) {
      console.log('body', v);
      throw new Error('body failed on ' + v);
    }
  } catch (e) {
    console.log('caught:', e.message);
  }
})();
