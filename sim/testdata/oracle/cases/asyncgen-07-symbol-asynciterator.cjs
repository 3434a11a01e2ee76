// A class made async-iterable with Symbol.asyncIterator.
class Ticker {
  constructor(n) { this.n = n; }
  async *[Symbol.asyncIterator]() {
    for (let i = 1; i <= this.n; i++) {
      await new Promise((r) => setTimeout(r, 5));
      yield 'tick ' + i;
    }
  }
}
(async () => {
  for await (const t of new Ticker(3)) console.log(t);
  console.log(typeof Ticker.prototype[Symbol.asyncIterator]);
})();
