// getEventListeners and getMaxListeners work on EventTarget too.
const { getEventListeners, getMaxListeners, setMaxListeners } = require('events');
const t = new EventTarget();
const f = () => {};
t.addEventListener('x', f);
t.addEventListener('x', () => {});
console.log(getEventListeners(t, 'x').length, getEventListeners(t, 'x')[0] === f, getEventListeners(t, 'y'));
console.log(getMaxListeners(t));
setMaxListeners(3, t);
console.log(getMaxListeners(t));
const ac = new AbortController();
ac.signal.addEventListener('abort', f);
console.log(getEventListeners(ac.signal, 'abort').length);
