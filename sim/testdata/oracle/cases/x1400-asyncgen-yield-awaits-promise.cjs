// yield in an async generator awaits a promise it is given: the consumer sees the value, never the promise.
async function* g() {
  yield Promise.resolve('from a promise');
  yield new Promise((r) => setTimeout(() => r('from a timer'), 10));
  yield 'plain';
}
(async () => {
  for await (const v of g()) console.log(typeof v, v);
  const it = g();
  const first = await it.next();
  console.log(JSON.stringify(first));
})();
