// An async function always returns a promise, even for a plain value or a throw.
async function one() { return 1; }
async function boom() { throw new TypeError('bad'); }
const p = one();
console.log(p instanceof Promise, typeof p.then);
p.then((v) => console.log('one resolved', v));
boom().catch((e) => console.log('boom rejected', e.name, e.message));
console.log('sync end');
