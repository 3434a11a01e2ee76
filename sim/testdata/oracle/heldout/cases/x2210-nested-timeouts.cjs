setTimeout(() => {
  console.log('t1');
  Promise.resolve().then(() => console.log('t1 promise'));
  process.nextTick(() => console.log('t1 tick'));
}, 0);
setTimeout(() => {
  console.log('t2');
}, 0);
