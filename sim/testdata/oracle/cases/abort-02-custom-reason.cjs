// abort(reason) keeps the reason; throwIfAborted throws it.
const ac = new AbortController();
ac.abort(new Error('user cancelled'));
console.log(ac.signal.reason.message);
try {
  ac.signal.throwIfAborted();
} catch (e) {
  console.log('thrown:', e.message);
}
