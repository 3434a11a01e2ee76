// The Math of each release: Math.sumPrecise (a proposal the engine ships) is in none of
// Node 10 to 26, Math.f16round came in Node 24; a program feature-testing them sees what
// its release has.
console.log(typeof Math.sumPrecise, 'sumPrecise' in Math, Object.getOwnPropertyNames(Math).includes('sumPrecise'));
console.log(typeof Math.f16round);
const sum = typeof Math.sumPrecise === 'function' ? Math.sumPrecise([0.1, 0.2]) : [0.1, 0.2].reduce((a, b) => a + b, 0);
console.log(sum);
try { Math.sumPrecise([1, 2]); } catch (e) { console.log(e.name, e.message.includes('sumPrecise')); }
