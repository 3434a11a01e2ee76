setTimeout(function poll() {
  setTimeout(function retry() {}, 5)
  console.log('poll fired')
}, 10)
setTimeout(function report() {}, 40)
setTimeout(function flush() {}, 16)
