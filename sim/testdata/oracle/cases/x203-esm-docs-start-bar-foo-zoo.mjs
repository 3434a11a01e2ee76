// Example from nodejs.org "Understanding setImmediate()" as an ES module: the
// page notes the ESM output differs from CJS (107: start foo bar zoo baz).
// Here the promise job runs before the nextTick: start bar foo zoo baz.
const baz = () => console.log('baz');
const foo = () => console.log('foo');
const zoo = () => console.log('zoo');
const start = () => {
  console.log('start');
  setImmediate(baz);
  new Promise((resolve) => {
    resolve('bar');
  }).then((resolve) => {
    console.log(resolve);
    process.nextTick(zoo);
  });
  process.nextTick(foo);
};
start();
