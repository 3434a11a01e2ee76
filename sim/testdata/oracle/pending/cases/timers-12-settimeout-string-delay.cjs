// Delays are coerced to numbers; a negative, NaN or too large delay becomes 1 ms.
setTimeout(() => console.log('"20" ms'), '20');
setTimeout(() => console.log('-5 ms'), -5);
setTimeout(() => console.log('NaN ms'), NaN);
setTimeout(() => console.log('60 ms'), 60);
console.log(typeof setTimeout(() => {}, 0));
