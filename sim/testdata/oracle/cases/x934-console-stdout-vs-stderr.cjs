// console.info writes to stdout like console.log; console.warn and
// console.error write to stderr (not part of the recorded output). All four
// are synchronous, so the stdout lines keep program order.
console.log('log 1');
console.warn('warn (stderr)');
console.info('info %d', 2);
console.error('error (stderr)');
setTimeout(() => {
  console.info({ info: 'object' });
  console.error('error in timer (stderr)');
  console.log('log 3');
}, 1);
