setTimeout(function probe() {
  setTimeout(function retry() {}, 5)
  console.log('probe fired')
}, 10)
setTimeout(function report() {}, 40)
setTimeout(function flush() {}, 30)
