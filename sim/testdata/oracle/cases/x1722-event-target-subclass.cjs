// A class extending EventTarget, with CustomEvent carrying detail.
class Store extends EventTarget {
  #items = [];
  add(item) {
    this.#items.push(item);
    this.dispatchEvent(new CustomEvent('added', { detail: { item, size: this.#items.length } }));
  }
}
const s = new Store();
s.addEventListener('added', (e) => console.log('added', e.detail.item, 'size', e.detail.size, e instanceof Event));
s.add('apple');
s.add('pear');
console.log(new CustomEvent('x').detail);
