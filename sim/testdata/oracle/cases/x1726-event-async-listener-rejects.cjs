// An async listener that rejects becomes an uncaught exception.
process.on('uncaughtException', (e, origin) => console.log('uncaught', e.message, origin));
const t = new EventTarget();
t.addEventListener('x', async () => { await null; throw new Error('async listener'); });
t.dispatchEvent(new Event('x'));
setTimeout(() => console.log('timer still runs'), 10);
