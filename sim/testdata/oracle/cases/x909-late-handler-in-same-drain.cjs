// A rejection handler attached from a nextTick or from a microtask of the
// same drain is in time: rejections are only checked at the end of the
// drain, so there is no crash and no warning.
process.on('exit', (code) => console.log('exit ' + code));
const p1 = Promise.reject(new Error('p1'));
const p2 = Promise.reject(new Error('p2'));
process.nextTick(() => {
  console.log('tick attaches handler to p1');
  p1.catch((e) => console.log('caught ' + e.message));
});
Promise.resolve().then(() => Promise.resolve()).then(() => {
  console.log('microtask attaches handler to p2');
  p2.catch((e) => console.log('caught ' + e.message));
});
setTimeout(() => console.log('timer runs'), 1);
