console.log('before await');
await new Promise((r) => setTimeout(r, 10));
console.log('after await');
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
