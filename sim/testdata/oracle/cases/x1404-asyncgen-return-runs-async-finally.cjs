// return() while suspended at a yield runs the finally block, which may itself await.
async function* g() {
  try {
    yield 1;
    yield 2;
  } finally {
    console.log('finally starts');
    await new Promise((r) => setTimeout(r, 10));
    console.log('finally ends');
  }
}
(async () => {
  const it = g();
  console.log(JSON.stringify(await it.next()));
  const r = await it.return('bye');
  console.log('return ->', JSON.stringify(r));
  console.log('next ->', JSON.stringify(await it.next()));
})();
