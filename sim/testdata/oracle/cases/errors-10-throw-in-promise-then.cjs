// A throw inside then becomes a rejection handled by the next catch, not an uncaught exception.
Promise.resolve()
  .then(() => { throw new RangeError('out of range'); })
  .catch((e) => console.log('caught', e.name, e.message));
setTimeout(() => console.log('later'), 10);
