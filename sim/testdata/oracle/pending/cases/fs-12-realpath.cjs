// fs.realpath of '.' is an absolute path ending in the cases folder.
const fs = require('fs');
const path = require('path');
fs.realpath('.', (err, p) => console.log(err, path.isAbsolute(p), path.basename(p)));
console.log(path.basename(fs.realpathSync(__filename)));
