function rec(n) { if (n === 0) return new Error('deep'); return rec(n - 1) }
console.log(rec(15).stack);
Error.stackTraceLimit = 2;
console.log(rec(5).stack);
Error.stackTraceLimit = 0;
console.log(JSON.stringify(rec(1).stack));
