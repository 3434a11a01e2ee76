// os: the values every machine has, printed as facts that hold anywhere.
const os = require('os');
console.log(os.EOL === '\n', os.platform(), typeof os.arch());
console.log(os.cpus().length > 0, os.totalmem() > os.freemem());
console.log(typeof os.hostname(), typeof os.uptime());
