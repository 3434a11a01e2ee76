async function f() {
  console.log('f start');
  await null;
  console.log('f after await');
}
f();
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('then'));
console.log('sync end');
