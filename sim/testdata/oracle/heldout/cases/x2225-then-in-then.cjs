Promise.resolve().then(() => {
  console.log('outer');
  Promise.resolve().then(() => console.log('inner 1')).then(() => console.log('inner 2'));
}).then(() => console.log('outer next'));
