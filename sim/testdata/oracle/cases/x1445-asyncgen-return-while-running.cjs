// return() called while the generator awaits is queued: the current step finishes, then finally runs.
async function* g() {
  try {
    console.log('step starts');
    await new Promise((r) => setTimeout(r, 20));
    console.log('step ends');
    yield 'step value';
    console.log('not reached');
  } finally {
    console.log('finally');
  }
}
const it = g();
it.next().then((r) => console.log('next ->', JSON.stringify(r)));
it.return('stop').then((r) => console.log('return ->', JSON.stringify(r)));
it.next().then((r) => console.log('next after return ->', JSON.stringify(r)));
console.log('sync end');
