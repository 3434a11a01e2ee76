// Regular expressions: match 20,000 log lines, then replace over their joined text.
// The main thread's CPU time in ms: process.threadCpuUsage() (Node 23.9+), so a busy
// machine's waits for a core do not count.
const cpuMs = () => { const u = process.threadCpuUsage(); return (u.user + u.system) / 1000 };
const lines = []; for (let i = 0; i < 20_000; i++) lines.push(`2026-01-01T00:00:${String(i % 60).padStart(2, '0')} GET /api/users/${i} 200 ${i % 500}ms`);
const text = lines.join('\n');
const t0 = cpuMs();
let hits = 0; const re = /^(\S+) (GET|POST) (\/api\/\w+\/(\d+)) (\d{3}) (\d+)ms$/;
for (const l of lines) { const m = re.exec(l); if (m && Number(m[6]) > 250) hits++ }
const t1 = cpuMs();
const replaced = text.replace(/\/users\/(\d+)/g, '/u/$1');
const t2 = cpuMs();
console.log(JSON.stringify({ shape: 'regex', ms: t2 - t0, execMs: t1 - t0, replaceMs: t2 - t1, chars: text.length, check: hits + replaced.length }))
