// Map and Set basics, and console.log of them.
const m = new Map([['a', 1]]);
m.set('b', 2).set('a', 3);
console.log(m.size, [...m.keys()], m.get('a'));
const s = new Set([1, 2, 2, 3]);
console.log(s.size, s.has(2), [...s]);
console.log(m);
console.log(s);
