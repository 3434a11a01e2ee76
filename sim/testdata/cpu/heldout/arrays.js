// Held out of the calibration: array methods with callbacks (map, filter, reduce over 1,000,000).
// The main thread's CPU time in ms: process.threadCpuUsage() (Node 23.9+), so a busy
// machine's waits for a core do not count.
const cpuMs = () => { const u = process.threadCpuUsage(); return (u.user + u.system) / 1000 };
const a = Array.from({ length: 1_000_000 }, (_, i) => i);
const t0 = cpuMs();
const v = a.map((x) => x * 3).filter((x) => x % 2 === 0).reduce((s, x) => s + x, 0);
const t1 = cpuMs();
console.log(JSON.stringify({ shape: 'arrays', ms: t1 - t0, check: v }))
