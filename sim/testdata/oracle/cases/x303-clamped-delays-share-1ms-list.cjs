// Delay normalisation: 0, negative, NaN, undefined, a non-numeric string,
// Infinity and 2**31 (above TIMEOUT_MAX; also prints a TimeoutOverflowWarning
// on stderr) all become 1 ms; 1.9 keeps its value but goes to the 1 ms list.
// All of them share the 1 ms list and fire in insertion order; the 10 ms
// timer created first fires last.
setTimeout(() => console.log('delay 10'), 10);
setTimeout(() => console.log('delay 0'), 0);
setTimeout(() => console.log('delay -5'), -5);
setTimeout(() => console.log('delay NaN'), NaN);
setTimeout(() => console.log('delay undefined'));
setTimeout(() => console.log("delay 'abc'"), 'abc');
setTimeout(() => console.log('delay 1'), 1);
setTimeout(() => console.log('delay Infinity'), Infinity);
setTimeout(() => console.log('delay 2**31'), 2 ** 31);
setTimeout(() => console.log('delay 1.9'), 1.9);
