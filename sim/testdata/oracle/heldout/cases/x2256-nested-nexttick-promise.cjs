process.nextTick(() => {
  console.log('tick 1');
  process.nextTick(() => console.log('tick 1.1'));
  Promise.resolve().then(() => {
    console.log('promise 1.1');
    process.nextTick(() => console.log('tick 1.1.1'));
  });
});
Promise.resolve().then(() => console.log('promise 1'));
