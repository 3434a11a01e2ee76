// Held out of the calibration: text handling (split, trim, toUpperCase, indexOf, join over 100,000 lines).
// The main thread's CPU time in ms: process.threadCpuUsage() (Node 23.9+), so a busy
// machine's waits for a core do not count.
const cpuMs = () => { const u = process.threadCpuUsage(); return (u.user + u.system) / 1000 };
const doc = Array.from({ length: 100_000 }, (_, i) => '  line ' + i + ' of the document  ').join('\n');
const t0 = cpuMs();
let found = 0;
const out = doc.split('\n').map((l) => l.trim()).filter((l) => { if (l.indexOf('9') >= 0) found++; return l.length > 0 }).map((l) => l.toUpperCase()).join(';');
const t1 = cpuMs();
console.log(JSON.stringify({ shape: 'text', ms: t1 - t0, check: found + out.length }))
