// An unhandled rejection crashes the process with exit code 1 (Node 15+).
process.on('exit', (code) => console.log('exit code', code));
Promise.reject(new Error('nobody caught me'));
setTimeout(() => console.log('never'), 10);
