// What an async generator object is: its tag, its own iterator, how console.log shows it.
async function* countUp() { yield 1; }
const it = countUp();
console.log(Object.prototype.toString.call(it));
console.log(it[Symbol.asyncIterator]() === it);
console.log(typeof it.next, typeof it.return, typeof it.throw);
console.log(it);
console.log(countUp);
console.log(Object.getPrototypeOf(countUp).constructor.name);
console.log(countUp.constructor.name, typeof it[Symbol.iterator]);
