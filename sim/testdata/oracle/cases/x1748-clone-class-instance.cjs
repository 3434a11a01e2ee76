// A class instance clones as a plain object: own fields only, no prototype, no getters.
class Point { constructor(x, y) { this.x = x; this.y = y; } get len() { return Math.hypot(this.x, this.y); } }
const c = structuredClone(new Point(3, 4));
console.log(c, c instanceof Point, c.len, Object.getPrototypeOf(c) === Object.prototype);
const withGetter = structuredClone({ get g() { return 'read once'; } });
console.log(withGetter, Object.getOwnPropertyDescriptor(withGetter, 'g').value);
