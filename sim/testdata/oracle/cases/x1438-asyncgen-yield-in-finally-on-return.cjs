// A yield in finally while return() is closing the generator: return() resolves with that yield, not done.
async function* g() {
  try {
    yield 'working';
  } finally {
    yield 'cleaning up';
    console.log('cleanup finished');
  }
}
(async () => {
  const it = g();
  console.log(JSON.stringify(await it.next()));
  console.log('return ->', JSON.stringify(await it.return('x')));
  console.log('next ->', JSON.stringify(await it.next()));
  console.log('next ->', JSON.stringify(await it.next()));
})();
