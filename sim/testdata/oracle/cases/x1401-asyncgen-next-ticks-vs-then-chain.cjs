// How many promise jobs one next() of an async generator takes, against a chain of then().
async function* g() { yield 'a'; yield 'b'; }
const it = g();
it.next().then((r) => console.log('next 1', r.value));
it.next().then((r) => console.log('next 2', r.value));
let p = Promise.resolve();
for (let i = 1; i <= 6; i++) p = p.then(() => console.log('then', i));
console.log('sync end');
