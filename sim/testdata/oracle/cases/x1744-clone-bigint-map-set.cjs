// structuredClone keeps BigInt, Map, Set, Date and nested structure.
const src = { n: 12345678901234567890n, m: new Map([['a', { deep: [1, 2] }]]), s: new Set([1, 'two']), d: new Date(86400000) };
const c = structuredClone(src);
console.log(c.n, typeof c.n, c.m.get('a').deep, [...c.s], c.d.toISOString());
console.log(c.m !== src.m, c.m.get('a') !== src.m.get('a'));
