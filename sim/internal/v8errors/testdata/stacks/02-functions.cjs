function foo() { return new Error('in foo') }
const arrow = () => foo();
const anon = [0].map(function () { return arrow() })[0];
console.log(anon.stack);
