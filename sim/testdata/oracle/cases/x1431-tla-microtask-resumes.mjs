// await of a resolved value at the top level resumes after the promise jobs already queued.
Promise.resolve().then(() => console.log('job 1')).then(() => console.log('job 2')).then(() => console.log('job 3'));
console.log('before await');
await undefined;
console.log('after first await');
await Promise.resolve();
console.log('after second await');
