// A worker-pool size computed from the CPU count, as tutorials do.
const os = require('os');
const size = Math.max(1, os.cpus().length - 1);
console.log('pool size is a positive integer:', Number.isInteger(size) && size >= 1);
