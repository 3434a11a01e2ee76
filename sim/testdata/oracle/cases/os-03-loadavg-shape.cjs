// loadavg is three numbers; availableParallelism at least 1.
const os = require('os');
const l = os.loadavg();
console.log(l.length, l.every((x) => typeof x === 'number'));
console.log(os.availableParallelism() >= 1);
