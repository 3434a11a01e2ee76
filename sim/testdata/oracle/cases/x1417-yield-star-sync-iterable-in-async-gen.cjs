// yield* over an array inside an async generator awaits each promise in it.
async function* g() {
  yield* [Promise.resolve('a'), 'b', new Promise((r) => setTimeout(() => r('c'), 10))];
  return 'end';
}
(async () => {
  const it = g();
  for (let i = 0; i < 5; i++) console.log(JSON.stringify(await it.next()));
})();
