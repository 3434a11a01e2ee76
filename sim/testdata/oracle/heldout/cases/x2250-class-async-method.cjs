class Queue {
  constructor() {
    this.items = [];
  }
  async push(x) {
    await null;
    this.items.push(x);
    console.log('pushed', x);
  }
}
const q = new Queue();
q.push(1);
q.push(2);
Promise.resolve().then(() => console.log('items now', q.items.length));
