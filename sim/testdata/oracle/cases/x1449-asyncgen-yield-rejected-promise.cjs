// yield of a rejected promise throws inside the generator at the yield, where try/catch can see it.
async function* g() {
  try {
    yield Promise.reject(new Error('bad value'));
    console.log('not reached');
  } catch (e) {
    console.log('generator caught', e.message);
    yield 'recovered';
  }
}
(async () => {
  for await (const v of g()) console.log('value', v);
  console.log('done');
})();
