// String building: 200,000 concatenations of short pieces, then a join.
// The main thread's CPU time in ms: process.threadCpuUsage() (Node 23.9+), so a busy
// machine's waits for a core do not count.
const cpuMs = () => { const u = process.threadCpuUsage(); return (u.user + u.system) / 1000 };
const t0 = cpuMs();
let s = ''; const parts = [];
for (let i = 0; i < 200_000; i++) { s += 'item ' + i + ';'; if (i % 1000 === 0) { parts.push(s); s = '' } }
const out = parts.join('|');
const t1 = cpuMs();
console.log(JSON.stringify({ shape: 'strings', ms: t1 - t0, check: out.length }))
