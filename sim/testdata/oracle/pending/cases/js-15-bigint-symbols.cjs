// BigInt arithmetic, mixing with numbers, and symbols as keys.
const big = 2n ** 64n;
console.log(big, typeof big, big.toString());
try { console.log(big + 1); } catch (e) { console.log(e.name + ': ' + e.message); }
const id = Symbol('id');
const obj = { [id]: 7, visible: true };
console.log(Object.keys(obj), obj[id], id.toString(), id.description);
