// addEventListener's signal option removes the listener when the signal aborts.
const t = new EventTarget();
const ac = new AbortController();
t.addEventListener('ping', () => console.log('ping heard'), { signal: ac.signal });
t.dispatchEvent(new Event('ping'));
ac.abort();
t.dispatchEvent(new Event('ping'));
console.log('done');
