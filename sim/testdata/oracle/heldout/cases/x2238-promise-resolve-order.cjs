let resolveA;
const a = new Promise((r) => (resolveA = r));
a.then(() => console.log('a handler 1'));
Promise.resolve().then(() => {
  console.log('resolving a');
  resolveA();
});
a.then(() => console.log('a handler 2'));
