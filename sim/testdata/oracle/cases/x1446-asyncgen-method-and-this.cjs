// Async generator methods see `this`; arguments are bound when the generator is created.
class Queue {
  constructor(items) { this.items = items; }
  async *drain(prefix) {
    while (this.items.length > 0) yield prefix + this.items.shift();
  }
}
const q = new Queue(['a', 'b']);
const it = q.drain('item ');
q.items.push('c');
(async () => {
  for await (const v of it) console.log(v);
  console.log('left', q.items.length);
})();
