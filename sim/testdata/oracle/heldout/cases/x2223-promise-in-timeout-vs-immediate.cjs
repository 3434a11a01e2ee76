setTimeout(() => {
  console.log('timeout');
  setImmediate(() => console.log('immediate'));
  Promise.resolve().then(() => console.log('promise'));
}, 5);
