// Reading a missing file gives an ENOENT error object to the callback.
const fs = require('fs');
fs.readFile('fs-02-does-not-exist.txt', (err, data) => {
  console.log(err.code, err.errno, err.syscall, data);
  console.log(err.message);
});
