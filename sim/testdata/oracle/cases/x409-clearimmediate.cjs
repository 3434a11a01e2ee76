// clearImmediate removes a queued immediate: from main, and from another
// immediate of the same check pass (B is already in the detached list that
// is being run, and still never runs).
let b;
const x = setImmediate(() => console.log('immediate X (never)'));
setImmediate(() => {
  console.log('immediate A clears B');
  clearImmediate(b);
});
b = setImmediate(() => console.log('immediate B (never)'));
setImmediate(() => console.log('immediate C'));
clearImmediate(x);
console.log('main done');
