// Stable facts about process and clock APIs (never their values):
// process.argv (node path + script path), hrtime forms, memoryUsage shape,
// env, Date/performance/Math.random types and ranges.
console.log('argv.length: ' + process.argv.length);
console.log('typeof process.hrtime.bigint(): ' + typeof process.hrtime.bigint());
const hr = process.hrtime();
console.log('hrtime(): array of ' + hr.length + ' numbers: ' + hr.every((x) => typeof x === 'number'));
const d = process.hrtime(hr);
console.log('hrtime(prev) non-negative: ' + (d[0] >= 0 && d[1] >= 0));
console.log('typeof process.env: ' + typeof process.env);
const mu = process.memoryUsage();
console.log('memoryUsage keys include heapUsed and rss: ' + ('heapUsed' in mu && 'rss' in mu));
console.log('typeof performance.now(): ' + typeof performance.now());
const t0 = performance.now();
busy(5);
console.log('performance.now advanced by busy(5): ' + (performance.now() - t0 >= 5));
console.log('Date.now() is an integer: ' + Number.isInteger(Date.now()));
const r = Math.random();
console.log('Math.random() in [0,1): ' + (r >= 0 && r < 1));
console.log('typeof process.nextTick: ' + typeof process.nextTick);
