// Aborting a pipeline through its signal.
const { pipeline } = require('stream/promises');
const { Readable, Writable } = require('stream');
const ac = new AbortController();
const src = new Readable({ read() {} });
const sink = new Writable({ write(c, e, cb) { console.log('wrote', c.toString()); cb(); } });
pipeline(src, sink, { signal: ac.signal }).catch((e) => console.log('pipeline:', e.name));
src.push('one');
setTimeout(() => ac.abort(), 20);
