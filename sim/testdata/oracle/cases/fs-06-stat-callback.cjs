// fs.stat on this file and on the current directory.
const fs = require('fs');
fs.stat(__filename, (err, st) => console.log('file', err, st.isFile(), st.size > 0));
fs.stat('.', (err, st) => console.log('dir', err, st.isDirectory()));
