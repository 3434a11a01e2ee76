// An unref'ed timer does not keep the process alive: the program exits before it fires.
const t = setTimeout(() => console.log('never printed'), 100);
t.unref();
setTimeout(() => console.log('ref timer fires'), 10);
process.on('exit', (code) => console.log('exit', code));
