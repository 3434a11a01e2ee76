// EventTarget: listeners in order, duplicates ignored, dispatchEvent returns true.
const t = new EventTarget();
function a(e) { console.log('a', e.type, this === t); }
t.addEventListener('x', a);
t.addEventListener('x', a);
t.addEventListener('x', () => console.log('b'));
console.log(t.dispatchEvent(new Event('x')));
t.removeEventListener('x', a);
t.dispatchEvent(new Event('x'));
