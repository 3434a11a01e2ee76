// process.finalization: a registered object's callback runs at 'beforeExit' or 'exit'
// with the object and the event; unregister() drops it.
const { finalization } = process;
const job = { name: 'job' };
const temp = { name: 'temp' };
finalization.register(job, (obj, event) => console.log('cleanup', obj.name, event));
finalization.registerBeforeExit(job, (obj, event) => console.log('before exit', obj.name, event));
finalization.register(temp, (obj) => console.log('never', obj.name));
finalization.unregister(temp);
process.on('exit', (code) => console.log('exit listener', code));
try {
  finalization.register(42, () => {});
} catch (e) {
  console.log(e.code);
}
setTimeout(() => console.log('timer'), 5);
