const thenable = {
  then(resolve) {
    console.log('then called');
    resolve('from thenable');
  },
};
(async () => {
  const v = await thenable;
  console.log(v);
})();
Promise.resolve().then(() => console.log('p1')).then(() => console.log('p2')).then(() => console.log('p3'));
