// for await ignores the generator's return value; next() shows it.
async function* g() { yield 'x'; return 'the end'; }
(async () => {
  for await (const v of g()) console.log('loop saw', v);
  const it = g();
  await it.next();
  console.log(JSON.stringify(await it.next()));
})();
