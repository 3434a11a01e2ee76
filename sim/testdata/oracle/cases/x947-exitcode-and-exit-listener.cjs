// process.exitCode set during the run becomes the exit status; 'exit'
// listeners see it as their argument and may still change it.
process.on('exit', (code) => {
  console.log('exit listener 1 sees code ' + code);
  process.exitCode = 4;
});
process.on('exit', (code) => console.log('exit listener 2 sees argument ' + code + ', process.exitCode ' + process.exitCode));
setTimeout(() => {
  process.exitCode = 2;
  console.log('timer set exitCode 2');
}, 1);
