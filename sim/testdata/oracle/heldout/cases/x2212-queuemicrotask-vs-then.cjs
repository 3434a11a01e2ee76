queueMicrotask(() => console.log('micro 1'));
Promise.resolve().then(() => console.log('then 1'));
queueMicrotask(() => {
  console.log('micro 2');
  queueMicrotask(() => console.log('micro 3'));
});
process.nextTick(() => console.log('tick'));
