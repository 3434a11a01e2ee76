// AbortController: abort() flips signal.aborted and fires 'abort' once.
const ac = new AbortController();
ac.signal.addEventListener('abort', () => console.log('abort event, reason:', ac.signal.reason.name));
console.log('aborted?', ac.signal.aborted);
ac.abort();
ac.abort();
console.log('aborted?', ac.signal.aborted);
