// preventDefault works only on a cancelable event and not in a passive listener.
const t = new EventTarget();
t.addEventListener('x', (e) => e.preventDefault());
console.log(t.dispatchEvent(new Event('x')), t.dispatchEvent(new Event('x', { cancelable: true })));
const u = new EventTarget();
u.addEventListener('y', (e) => { e.preventDefault(); console.log('in passive', e.defaultPrevented); }, { passive: true });
const ev = new Event('y', { cancelable: true });
console.log(u.dispatchEvent(ev), ev.defaultPrevented, ev.returnValue);
