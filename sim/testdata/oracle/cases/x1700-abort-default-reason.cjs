// abort() with no reason: the reason is a DOMException named AbortError (code 20).
const ac = new AbortController();
ac.abort();
const r = ac.signal.reason;
console.log(r instanceof DOMException, r instanceof Error, r.name, r.code, r.message);
console.log(String(r), Object.prototype.toString.call(r));
