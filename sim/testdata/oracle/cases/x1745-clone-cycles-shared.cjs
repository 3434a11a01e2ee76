// structuredClone keeps cycles and shared references.
const shared = { v: 1 };
const a = { left: shared, right: shared };
a.self = a;
const c = structuredClone(a);
console.log(c.self === c, c.left === c.right, c.left !== shared, c.left.v);
