// timers/promises follow the same phases as the callback APIs: from an I/O
// callback the setImmediate promise resolves (check) before the setTimeout(0)
// promise (timers); the resolved value is passed through; awaiting code
// resumes in the microtask drain after that callback.
const fs = require('fs');
const tp = require('timers/promises');
fs.stat(__filename, () => {
  tp.setTimeout(0, 'timeout value').then((v) => console.log('timers/promises setTimeout -> ' + v));
  tp.setImmediate('immediate value').then((v) => console.log('timers/promises setImmediate -> ' + v));
  process.nextTick(() => console.log('tick in I/O callback'));
});
(async () => {
  const v = await tp.setTimeout(30, 'late');
  console.log('await setTimeout(30) -> ' + v);
  process.nextTick(() => console.log('tick after await'));
  setImmediate(() => console.log('callback setImmediate after await'));
  Promise.resolve().then(() => console.log('promise after await'));
})();
