// Several stats in parallel with Promise.all; results keep input order.
const fs = require('fs').promises;
Promise.all([fs.stat(__filename), fs.stat('.')]).then(([file, dir]) => {
  console.log(file.isFile(), dir.isDirectory());
});
