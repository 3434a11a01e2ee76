// process.exitCode sets the code without stopping the loop.
process.exitCode = 3;
setTimeout(() => console.log('still runs'), 10);
process.on('exit', (code) => console.log('exiting with', code));
