// A listener object's handleEvent is called with the object as this.
const t = new EventTarget();
const counter = { n: 0, handleEvent(e) { this.n++; console.log('handleEvent', e.type, this.n); } };
t.addEventListener('tick', counter);
t.dispatchEvent(new Event('tick'));
t.dispatchEvent(new Event('tick'));
console.log(counter.n);
