// beforeExit sees the exit code, and work it schedules keeps the loop going once.
let rounds = 0;
process.on('beforeExit', (code) => {
  console.log('beforeExit', code, rounds);
  if (rounds++ < 1) setTimeout(() => console.log('one more timer'), 10);
});
process.on('exit', (code) => console.log('exit', code));
process.exitCode = 4;
