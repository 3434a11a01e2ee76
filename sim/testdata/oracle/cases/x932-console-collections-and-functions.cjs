// console.log of Map, Set, functions, classes, class instances, null-prototype
// objects, symbol keys, Date-free built-ins.
class Point {
  constructor(x, y) { this.x = x; this.y = y; }
}
class Empty {}
function named() {}
const arrow = () => {};
console.log(new Map([['a', 1], ['b', { c: 2 }]]));
console.log(new Set([1, 'two', [3]]));
console.log(new Map(), new Set());
console.log(named, arrow, function () {}, Point);
console.log(new Point(1, 2), new Empty());
const bare = Object.create(null);
bare.k = 'v';
console.log(bare);
console.log({ [Symbol('key')]: 'symbol-keyed', fn: named, nested: { arrow } });
console.log([new Point(0, 0), new Map([[1, new Set([2])]])]);
console.log(Promise.resolve(5), new Promise(() => {}));
