// console.log formatting of primitives at top level vs inside an object:
// strings are printed raw at top level but quoted inside objects/arrays;
// -0 prints as -0; NaN, undefined, null, booleans, bigint, symbols.
console.log('plain string');
console.log(42, -0, 0, NaN, Infinity, -Infinity, 1.5, 1e21);
console.log(undefined, null, true, false);
console.log(10n, Symbol('sym'), Symbol());
console.log(['a string', -0, NaN, undefined, null, 10n, Symbol('s')]);
console.log({ s: 'text', q: "it's", d: 'say "hi"', n: -0, u: undefined, nul: null });
console.log('');
console.log();
console.log('a', 'b', 1, 'c');
