class Shape {
  constructor() { this.err = new Error('ctor') }
  area() { return new Error('method') }
  static make() { return new Error('static') }
  get size() { return new Error('getter') }
}
class Square extends Shape {}
const s = new Shape();
console.log(s.err.stack);
console.log(s.area().stack);
console.log(Shape.make().stack);
console.log(s.size.stack);
console.log(new Square().area().stack);
