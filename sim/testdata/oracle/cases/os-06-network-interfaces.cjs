// networkInterfaces has the loopback interface.
const os = require('os');
const all = Object.values(os.networkInterfaces()).flat();
console.log(all.some((i) => i.internal && i.address === '127.0.0.1'));
