let count = 0;
function again() {
  count++;
  if (count < 4) process.nextTick(again);
  console.log('tick', count);
}
process.nextTick(again);
Promise.resolve().then(() => console.log('promise'));
setImmediate(() => console.log('immediate'));
