// Held out of the calibration: recursive calls (fib(27), 630,000 calls).
// The main thread's CPU time in ms: process.threadCpuUsage() (Node 23.9+), so a busy
// machine's waits for a core do not count.
const cpuMs = () => { const u = process.threadCpuUsage(); return (u.user + u.system) / 1000 };
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2) }
const t0 = cpuMs(); const v = fib(27); const t1 = cpuMs();
console.log(JSON.stringify({ shape: 'fib', ms: t1 - t0, check: v }))
