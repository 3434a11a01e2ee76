// throwIfAborted does nothing until the signal aborts, then throws the reason itself.
const ac = new AbortController();
ac.signal.throwIfAborted();
console.log('not aborted yet');
const reason = { why: 'stop' };
ac.abort(reason);
try {
  ac.signal.throwIfAborted();
} catch (e) {
  console.log('threw the reason:', e === reason, e.why);
}
