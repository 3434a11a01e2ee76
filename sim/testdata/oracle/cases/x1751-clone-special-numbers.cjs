// -0, NaN, Infinity, undefined and sparse arrays survive structuredClone (JSON would lose them).
const c = structuredClone({ z: -0, n: NaN, i: -Infinity, u: undefined, arr: [1, , 3] });
console.log(Object.is(c.z, -0), Number.isNaN(c.n), c.i, 'u' in c, c.u, 1 in c.arr, c.arr.length);
console.log(JSON.parse(JSON.stringify({ z: -0, u: undefined })));
