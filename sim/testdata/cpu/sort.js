// Array sort: 200,000 pseudo-random numbers with a comparator, then 200,000 strings without.
// The main thread's CPU time in ms: process.threadCpuUsage() (Node 23.9+), so a busy
// machine's waits for a core do not count.
const cpuMs = () => { const u = process.threadCpuUsage(); return (u.user + u.system) / 1000 };
let x = 12345; const a = [], s = [];
for (let i = 0; i < 200_000; i++) { x = (x * 1103515245 + 12345) % 2147483648; a.push(x); s.push('k' + x) }
const t0 = cpuMs();
a.sort((p, q) => p - q);
const t1 = cpuMs();
s.sort();
const t2 = cpuMs();
console.log(JSON.stringify({ shape: 'sort', ms: t2 - t0, comparatorMs: t1 - t0, defaultMs: t2 - t1, check: a[1000] + s[1000] }))
