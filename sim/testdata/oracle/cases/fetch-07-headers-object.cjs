// The Headers class: case-insensitive get, has, append, iteration order.
const h = new Headers({ 'Content-Type': 'text/plain' });
h.append('X-A', '1');
h.append('x-a', '2');
console.log(h.get('content-type'), h.has('X-A'), h.get('x-a'));
console.log([...h.keys()]);
