Promise.resolve().then(() => {
  console.log('promise 1');
  process.nextTick(() => console.log('tick from promise'));
}).then(() => console.log('promise 2'));
process.nextTick(() => {
  console.log('tick 1');
  Promise.resolve().then(() => console.log('promise from tick'));
});
