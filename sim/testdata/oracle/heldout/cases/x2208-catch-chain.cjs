Promise.reject(new Error('boom'))
  .then(() => console.log('never'))
  .catch((e) => console.log('caught', e.message))
  .then(() => console.log('after catch'));
Promise.resolve()
  .then(() => console.log('x1'))
  .then(() => console.log('x2'))
  .then(() => console.log('x3'));
