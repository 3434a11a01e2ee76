// tmpdir and homedir are absolute paths.
const os = require('os');
const path = require('path');
console.log(path.isAbsolute(os.tmpdir()), path.isAbsolute(os.homedir()));
