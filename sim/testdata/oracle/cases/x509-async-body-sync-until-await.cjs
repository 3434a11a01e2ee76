// An async function body runs synchronously until its first await; the
// caller continues right after that, the rest runs as a microtask.
async function f() {
  console.log('f: before await');
  await null;
  console.log('f: after await');
}
console.log('main: before call');
const p = f();
console.log('main: after call, result is a Promise: ' + (p instanceof Promise));
Promise.resolve().then(() => console.log('main: promise job'));
