(async () => {
  await undefined;
  console.log('await 1');
  await undefined;
  console.log('await 2');
})();
Promise.resolve()
  .then(() => console.log('then 1'))
  .then(() => console.log('then 2'));
