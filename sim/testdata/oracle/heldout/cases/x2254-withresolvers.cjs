if (typeof Promise.withResolvers !== 'function') {
  console.log('no withResolvers');
} else {
  const { promise, resolve } = Promise.withResolvers();
  promise.then((v) => console.log('resolved with', v));
  setTimeout(() => resolve('later'), 5);
  Promise.resolve().then(() => console.log('micro'));
}
