const p = new Promise((resolve) => {
  console.log('executor');
  resolve('value');
  console.log('after resolve');
});
p.then((v) => console.log('then', v));
console.log('end');
