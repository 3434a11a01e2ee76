// The seed worker-pool lab's CPU job: 60,000,000 iterations of integer work.
// The main thread's CPU time in ms: process.threadCpuUsage() (Node 23.9+), so a busy
// machine's waits for a core do not count.
const cpuMs = () => { const u = process.threadCpuUsage(); return (u.user + u.system) / 1000 };
function work(n, id) { let value = 0; for (let i = 0; i < n; i++) value += (i + id) % 997; return value }
const t0 = cpuMs(); const v = work(60_000_000, 1); const t1 = cpuMs();
console.log(JSON.stringify({ shape: 'loop', ms: t1 - t0, check: v }))
