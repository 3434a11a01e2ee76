// map, filter, reduce, sort with a comparator, flat, at, findLast.
const xs = [5, 1, 4, 2, 3];
console.log(xs.map((x) => x * 2).filter((x) => x > 4).reduce((a, b) => a + b, 0));
console.log([...xs].sort((a, b) => a - b), xs.at(-1), xs.findLast((x) => x < 4));
console.log([[1, [2]], [3]].flat(2), [10, 1, 2].sort());
console.log(xs.toSorted((a, b) => b - a), xs);
