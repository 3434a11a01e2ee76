// JSON: stringify then parse 20,000 small records, 5 times.
// The main thread's CPU time in ms: process.threadCpuUsage() (Node 23.9+), so a busy
// machine's waits for a core do not count.
const cpuMs = () => { const u = process.threadCpuUsage(); return (u.user + u.system) / 1000 };
const rows = []; for (let i = 0; i < 20_000; i++) rows.push({ id: i, name: 'user' + i, tags: ['a', 'b'], score: i * 0.5 });
let n = 0, bytes = 0, stringifyMs = 0, parseMs = 0;
const t0 = cpuMs();
for (let k = 0; k < 5; k++) {
  const a = cpuMs(); const text = JSON.stringify(rows); const b = cpuMs();
  n += JSON.parse(text).length; const c = cpuMs();
  bytes += text.length; stringifyMs += b - a; parseMs += c - b;
}
const t1 = cpuMs();
console.log(JSON.stringify({ shape: 'json', ms: t1 - t0, stringifyMs, parseMs, bytes, check: n }))
