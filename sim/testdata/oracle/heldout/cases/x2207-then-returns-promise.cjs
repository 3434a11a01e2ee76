Promise.resolve()
  .then(() => {
    console.log('a');
    return Promise.resolve('inner');
  })
  .then((v) => console.log('b', v));
Promise.resolve()
  .then(() => console.log('c'))
  .then(() => console.log('d'))
  .then(() => console.log('e'))
  .then(() => console.log('f'));
