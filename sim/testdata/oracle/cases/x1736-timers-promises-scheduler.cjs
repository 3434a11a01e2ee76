// scheduler.wait is a promise timer; scheduler.yield an immediate.
const { scheduler } = require('timers/promises');
(async () => {
  setTimeout(() => console.log('timer 0'), 0);
  await scheduler.yield();
  console.log('after yield');
  await scheduler.wait(20);
  console.log('after wait 20');
})();
