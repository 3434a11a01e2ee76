// endianness, type and release.
const os = require('os');
console.log(os.endianness(), os.type(), typeof os.release());
