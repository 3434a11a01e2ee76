const t = setTimeout(() => console.log('should not run'), 10)
const id = +t
console.log('id is', typeof id, Number.isInteger(id))
clearTimeout(id)
const u = setTimeout(() => console.log('runs'), 5)
console.log(`${u}` === String(+u))
setTimeout(() => console.log('done'), 20)
