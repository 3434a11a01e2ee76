// Values flow through a then chain; a thrown error skips to the next catch.
Promise.resolve(1)
  .then((v) => v + 1)
  .then((v) => { console.log('value', v); throw new Error('stop at ' + v); })
  .then(() => console.log('skipped'))
  .catch((e) => { console.log('caught', e.message); return 'recovered'; })
  .then((v) => console.log('after catch', v))
  .finally(() => console.log('finally runs'));
