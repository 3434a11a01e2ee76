// fs.access with F_OK and R_OK, and a missing file.
const fs = require('fs');
fs.access(__filename, fs.constants.R_OK, (err) => console.log('readable', err === null));
fs.access('fs-11-nope', fs.constants.F_OK, (err) => console.log('missing', err.code));
console.log(typeof fs.constants.F_OK, fs.constants.F_OK);
