// getPriority of this process is a number.
const os = require('os');
console.log(typeof os.getPriority(), os.devNull);
