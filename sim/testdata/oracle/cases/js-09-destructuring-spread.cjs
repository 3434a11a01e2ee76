// Destructuring with defaults and rest, spread of objects.
const { a, b = 2, ...rest } = { a: 1, c: 3, d: 4 };
console.log(a, b, rest);
const [first, , third = 'none', ...others] = ['x', 'y'];
console.log(first, third, others);
console.log({ ...{ p: 1, q: 2 }, q: 3 });
