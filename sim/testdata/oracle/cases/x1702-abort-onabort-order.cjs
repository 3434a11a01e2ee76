// onabort is one listener among the others, at the place it was first set.
const ac = new AbortController();
ac.signal.addEventListener('abort', () => console.log('listener 1'));
ac.signal.onabort = () => console.log('onabort (replaced)');
ac.signal.addEventListener('abort', () => console.log('listener 2'));
ac.signal.onabort = function (e) { console.log('onabort', this === ac.signal, e.type); };
ac.abort();
console.log(typeof ac.signal.onabort);
