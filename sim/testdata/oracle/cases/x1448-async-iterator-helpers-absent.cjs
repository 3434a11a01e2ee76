// An async generator has no iterator helpers (no map()); Array.fromAsync collects it (Node 22 on).
async function* g() { yield 1; }
const it = g();
console.log('async map', typeof it.map);
console.log('Array.fromAsync', typeof Array.fromAsync);
if (Array.fromAsync) Array.fromAsync(g()).then((arr) => console.log('fromAsync', JSON.stringify(arr)));
