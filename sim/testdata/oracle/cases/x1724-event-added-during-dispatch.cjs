// A listener added while the event is dispatched runs in the same dispatch (Node walks its list).
const t = new EventTarget();
t.addEventListener('x', () => { console.log('first'); t.addEventListener('x', () => console.log('added later')); });
t.addEventListener('x', () => console.log('second'));
t.dispatchEvent(new Event('x'));
console.log('--');
t.dispatchEvent(new Event('x'));
