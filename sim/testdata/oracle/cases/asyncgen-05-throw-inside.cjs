// An error thrown in an async generator rejects the loop's next step and reaches the caller's catch.
async function* risky() {
  yield 'ok';
  throw new Error('generator broke');
}
(async () => {
  try {
    for await (const v of risky()) console.log('value', v);
  } catch (e) {
    console.log('caught', e.message);
  }
})();
