// The 'abort' event fires once, synchronously, as a trusted Event; a second abort() does nothing.
const ac = new AbortController();
let n = 0;
ac.signal.addEventListener('abort', (e) => console.log('abort', ++n, e.type, e.isTrusted, e.target === ac.signal));
console.log('before');
ac.abort('first');
ac.abort('second');
console.log('after', ac.signal.reason);
