function f() { return new Error('esm') }
console.log(f().stack);
console.log(new Error('esm top').stack);
await null;
console.log(new Error('after tla').stack);
