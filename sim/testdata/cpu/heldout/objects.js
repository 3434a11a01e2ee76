// Held out of the calibration: objects and a Map (200,000 records built, grouped, summed).
// The main thread's CPU time in ms: process.threadCpuUsage() (Node 23.9+), so a busy
// machine's waits for a core do not count.
const cpuMs = () => { const u = process.threadCpuUsage(); return (u.user + u.system) / 1000 };
const t0 = cpuMs();
const groups = new Map();
for (let i = 0; i < 200_000; i++) {
  const o = { id: i, group: 'g' + (i % 100), value: i % 7 };
  const g = groups.get(o.group);
  if (g) g.total += o.value; else groups.set(o.group, { total: o.value });
}
let sum = 0; for (const g of groups.values()) sum += g.total;
const t1 = cpuMs();
console.log(JSON.stringify({ shape: 'objects', ms: t1 - t0, check: sum }))
