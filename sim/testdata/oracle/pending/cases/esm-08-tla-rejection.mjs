// A rejected top-level await crashes the module with exit code 1; 'exit' sees it.
process.on('exit', (c) => console.log('exit', c));
console.log('start');
await Promise.reject(new Error('top-level failure'));
console.log('never');
