setTimeout(() => {
  console.log('A');
  setTimeout(() => console.log('C'), 0);
  Promise.resolve().then(() => console.log('A micro'));
}, 0);
setTimeout(() => {
  console.log('B');
}, 0);
