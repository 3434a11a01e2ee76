// A rejected top-level await ends the process with exit code 1, after what was printed.
console.log('start');
setTimeout(() => console.log('timer never runs'), 50);
await new Promise((_, reject) => setTimeout(() => reject(new Error('load failed')), 10));
console.log('not reached');
