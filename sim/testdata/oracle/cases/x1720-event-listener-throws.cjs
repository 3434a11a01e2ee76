// A listener that throws does not stop the others; the error is uncaught from a nextTick.
process.on('uncaughtException', (e) => console.log('uncaught:', e.message));
const t = new EventTarget();
t.addEventListener('x', () => { throw new Error('listener broke'); });
t.addEventListener('x', () => console.log('second listener runs'));
process.nextTick(() => console.log('tick queued before dispatch'));
t.dispatchEvent(new Event('x'));
process.nextTick(() => console.log('tick queued after dispatch'));
Promise.resolve().then(() => console.log('microtask'));
console.log('dispatch returned');
