// A top-level await that never settles: when the loop runs dry Node warns
// "Detected unsettled top-level await" (stderr) and exits with code 13. Node's
// own 'exit' listener sets process.exitCode; user 'exit' listeners receive the
// code computed before the listeners ran (0) but see process.exitCode === 13.
process.on('exit', (code) => {
  console.log('exit listener: code argument ' + code + ', process.exitCode ' + process.exitCode);
});
setTimeout(() => console.log('timer still runs'), 5);
console.log('before await');
await new Promise(() => {});
console.log('never');
