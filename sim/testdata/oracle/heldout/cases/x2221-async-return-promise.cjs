async function getPromise() {
  return Promise.resolve('p');
}
getPromise().then((v) => console.log('got', v));
Promise.resolve()
  .then(() => console.log('1'))
  .then(() => console.log('2'))
  .then(() => console.log('3'))
  .then(() => console.log('4'));
