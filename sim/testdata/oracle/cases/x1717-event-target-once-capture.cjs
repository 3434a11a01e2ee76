// once listeners run a single time; capture makes a separate entry for the same function.
const t = new EventTarget();
const f = (e) => console.log('f', e.eventPhase);
t.addEventListener('x', f, { once: true });
t.addEventListener('x', f, true);
t.dispatchEvent(new Event('x'));
t.dispatchEvent(new Event('x'));
t.removeEventListener('x', f);
t.dispatchEvent(new Event('x'));
t.removeEventListener('x', f, { capture: true });
t.dispatchEvent(new Event('x'));
console.log('end');
