// A listener removed while the event is dispatched does not run.
const t = new EventTarget();
const third = () => console.log('third');
t.addEventListener('x', () => { console.log('first'); t.removeEventListener('x', third); });
t.addEventListener('x', () => console.log('second'));
t.addEventListener('x', third);
t.dispatchEvent(new Event('x'));
