const p = Promise.resolve('shared');
p.then((v) => console.log('first', v));
p.then((v) => console.log('second', v));
p.then((v) => {
  console.log('third', v);
  return p;
}).then(() => console.log('after third'));
