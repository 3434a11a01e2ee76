const fs = require('node:fs')
fs.stat(__filename, () => {
  setTimeout(() => console.log('I/O: setTimeout 0'), 0)
  setImmediate(() => console.log('I/O: setImmediate'))
  console.log('I/O: stat callback')
})
