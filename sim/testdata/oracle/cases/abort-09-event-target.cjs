// EventTarget and Event: addEventListener, once, dispatchEvent's return value.
const t = new EventTarget();
t.addEventListener('ping', (e) => console.log('ping 1', e.type, e instanceof Event));
t.addEventListener('ping', () => console.log('ping once'), { once: true });
console.log(t.dispatchEvent(new Event('ping')));
t.dispatchEvent(new Event('ping'));
const c = new Event('c', { cancelable: true });
t.addEventListener('c', (e) => e.preventDefault());
console.log('not cancelled?', t.dispatchEvent(c), c.defaultPrevented);
