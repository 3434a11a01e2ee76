// An uncaught throw in a timer ends the process with exit code 1; later timers never run.
process.on('exit', (code) => console.log('exit code', code));
setTimeout(() => { console.log('about to throw'); throw new Error('boom'); }, 10);
setTimeout(() => console.log('never'), 50);
