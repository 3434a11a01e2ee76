// An app: an LRU cache with TTL on a Map, expiry by the clock, stats, and a memoized fetcher
// that coalesces concurrent calls.
class LRU {
  #max; #ttl; #map = new Map(); hits = 0; misses = 0;
  constructor(max, ttl) { this.#max = max; this.#ttl = ttl; }
  get(k) {
    const e = this.#map.get(k);
    if (!e || e.exp < Date.now()) { this.misses++; if (e) this.#map.delete(k); return undefined; }
    this.#map.delete(k); this.#map.set(k, e); this.hits++;
    return e.v;
  }
  set(k, v) {
    this.#map.delete(k);
    this.#map.set(k, { v, exp: Date.now() + this.#ttl });
    if (this.#map.size > this.#max) this.#map.delete(this.#map.keys().next().value);
  }
  get keys() { return [...this.#map.keys()]; }
}
const cache = new LRU(3, 300);
for (const k of ['a', 'b', 'c']) cache.set(k, k.toUpperCase());
cache.get('a');
cache.set('d', 'D');
console.log(cache.keys, cache.get('b'), cache.get('a'));
const pending = new Map();
let calls = 0;
function memo(key) {
  const hit = cache.get(key);
  if (hit !== undefined) return Promise.resolve(hit);
  if (pending.has(key)) return pending.get(key);
  const p = new Promise((r) => setTimeout(() => { calls++; r(key + '!'); }, 10)).then((v) => { cache.set(key, v); pending.delete(key); return v; });
  pending.set(key, p);
  return p;
}
Promise.all([memo('x'), memo('x'), memo('y')]).then(async (vs) => {
  console.log(vs, calls, await memo('x'), calls);
  setTimeout(async () => { console.log('expired:', cache.get('x'), await memo('x'), calls, cache.hits, cache.misses); }, 500);
});
