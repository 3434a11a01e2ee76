// target, currentTarget and eventPhase during and after dispatch.
const t = new EventTarget();
const e = new Event('x');
console.log('before', e.target, e.currentTarget, e.eventPhase);
t.addEventListener('x', (ev) => console.log('during', ev.target === t, ev.currentTarget === t, ev.eventPhase));
t.dispatchEvent(e);
console.log('after', e.target === t, e.currentTarget, e.eventPhase);
