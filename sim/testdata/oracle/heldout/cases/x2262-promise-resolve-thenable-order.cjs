const p1 = new Promise((resolve) => resolve(Promise.resolve('adopted')));
p1.then((v) => console.log(v));
Promise.resolve()
  .then(() => console.log('one'))
  .then(() => console.log('two'))
  .then(() => console.log('three'));
