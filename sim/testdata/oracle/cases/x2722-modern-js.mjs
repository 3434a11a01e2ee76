// Modern JavaScript: private fields and static blocks, optional chaining, ??=, array
// grouping and immutable methods, iterator helpers, structuredClone, top-level await.
class Counter {
  static #instances = 0;
  static { Counter.label = 'counter'; }
  #n = 0;
  constructor() { Counter.#instances++; }
  inc(by = 1) { this.#n += by; return this; }
  get value() { return this.#n; }
  static get count() { return Counter.#instances; }
  static isCounter(o) { return #n in o; }
}
const c = new Counter().inc().inc(5);
console.log(c.value, Counter.count, Counter.label, Counter.isCounter(c), Counter.isCounter({}));
const cfg = { db: { host: 'x' } };
cfg.db.port ??= 5432;
cfg.cache ||= { ttl: 10 };
console.log(cfg.db?.port, cfg.log?.level ?? 'info', JSON.stringify(cfg));
const people = [{ n: 'an', age: 31 }, { n: 'binh', age: 17 }, { n: 'chi', age: 45 }];
const groups = Object.groupBy(people, (p) => (p.age >= 18 ? 'adult' : 'minor'));
console.log(Object.keys(groups), groups.adult.map((p) => p.n));
const ages = people.map((p) => p.age);
console.log(ages.toSorted((a, b) => b - a), ages, ages.with(0, 0), ages.findLast((a) => a < 40), ages.at(-1));
console.log(people.values().filter((p) => p.age > 20).map((p) => p.n.toUpperCase()).toArray());
const orig = { d: new Date(0), m: new Map([[1, new Set([2])]]), nested: { arr: [1, { x: 2 }] } };
const copy = structuredClone(orig);
console.log(copy.d instanceof Date, copy.m.get(1).has(2), copy.nested.arr[1] !== orig.nested.arr[1], JSON.stringify(copy.nested));
const { promise, resolve } = Promise.withResolvers();
setTimeout(() => resolve('resolved later'), 5);
console.log(await promise);
const union = new Set([1, 2]).union(new Set([2, 3]));
console.log([...union], Array.from({ length: 3 }, (_, i) => i ** 2), Object.fromEntries(Object.entries({ a: 1, b: 2 }).map(([k, v]) => [k, v * 10])));
label: for (const i of [1, 2, 3]) { for (const j of [1, 2]) { if (i * j === 4) break label; console.log(i, j); } }
