async function a() {
  console.log('a start');
  await b();
  console.log('a after b');
  await c();
  console.log('a end');
}
async function b() {
  console.log('b');
}
async function c() {
  console.log('c');
  await null;
  console.log('c end');
}
a();
console.log('main end');
