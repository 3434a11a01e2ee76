// An open BroadcastChannel keeps the process alive; unref() lets it exit.
const bc = new BroadcastChannel('x');
bc.unref();
setTimeout(() => console.log('timer'), 10);
process.on('exit', () => console.log('exit'));
