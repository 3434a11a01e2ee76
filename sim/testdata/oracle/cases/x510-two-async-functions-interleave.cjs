// Two async functions each awaiting plain values advance one step per tick,
// alternating in the order they were started.
async function a() {
  console.log('a0');
  await 1;
  console.log('a1');
  await 2;
  console.log('a2');
  await 3;
  console.log('a3');
}
async function b() {
  console.log('b0');
  await 1;
  console.log('b1');
  await 2;
  console.log('b2');
}
a();
b();
console.log('sync end');
