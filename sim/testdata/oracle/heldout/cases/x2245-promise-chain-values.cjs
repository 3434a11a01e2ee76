Promise.resolve(1)
  .then((x) => x + 1)
  .then((x) => {
    console.log('got', x);
    throw new Error('stop at ' + x);
  })
  .then(() => console.log('skipped'))
  .catch((e) => {
    console.log(e.message);
    return 'recovered';
  })
  .then((v) => console.log(v));
