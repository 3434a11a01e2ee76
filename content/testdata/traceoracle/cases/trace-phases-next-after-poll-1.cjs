const fs = require('node:fs')
fs.stat(__filename, () => {
  setTimeout(function onTimeout() {}, 0)
  setImmediate(function onImmediate() {})
  console.log('stat done')
})
