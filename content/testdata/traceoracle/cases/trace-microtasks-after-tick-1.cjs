Promise.resolve().then(() => console.log('promise'))
process.nextTick(function first() {
  queueMicrotask(() => console.log('microtask from tick'))
})
process.nextTick(function second() {})
console.log('main done')
