// return(promise) awaits the promise: the result carries its value; a rejected one rejects return().
async function* g() { yield 1; }
(async () => {
  const a = g();
  console.log(JSON.stringify(await a.return(Promise.resolve('resolved value'))));
  const b = g();
  await b.next();
  console.log(JSON.stringify(await b.return(new Promise((r) => setTimeout(() => r('late value'), 10)))));
  const c = g();
  try {
    await c.return(Promise.reject(new Error('nope')));
  } catch (e) {
    console.log('return rejected:', e.message);
  }
})();
