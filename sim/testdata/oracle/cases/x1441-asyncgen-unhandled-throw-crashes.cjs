// A generator error nobody catches rejects the loop's async function: an unhandled rejection ends the process.
async function* g() {
  yield 'ok';
  throw new Error('generator exploded');
}
(async () => {
  for await (const v of g()) console.log('value', v);
  console.log('not reached');
})();
setTimeout(() => console.log('timer never runs'), 20);
