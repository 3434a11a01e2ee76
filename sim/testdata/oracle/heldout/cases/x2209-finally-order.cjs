Promise.resolve(1)
  .finally(() => console.log('finally'))
  .then((v) => console.log('then', v));
Promise.resolve()
  .then(() => console.log('p1'))
  .then(() => console.log('p2'))
  .then(() => console.log('p3'));
