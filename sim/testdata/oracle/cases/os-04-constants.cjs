// Signal and errno constants.
const os = require('os');
console.log(os.constants.signals.SIGINT, os.constants.signals.SIGTERM, os.constants.errno.ENOENT);
