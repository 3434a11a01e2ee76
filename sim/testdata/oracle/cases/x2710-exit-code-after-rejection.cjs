// An 'exit' listener that sets process.exitCode after an unhandled rejection decides
// the exit code, 0 included.
process.on('exit', (code) => {
  console.log('exit with', code, process.exitCode);
  process.exitCode = 0;
});
Promise.reject(new Error('nobody catches me'));
setTimeout(() => console.log('never'), 10);
