// queueMicrotask joins the promise jobs' queue: after the ticks, in order with then().
setTimeout(() => console.log('timeout'), 0);
Promise.resolve().then(() => console.log('then 1'));
queueMicrotask(() => {
  console.log('microtask 1');
  queueMicrotask(() => console.log('microtask nested'));
  process.nextTick(() => console.log('tick from microtask'));
});
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('then 2'));
queueMicrotask(() => console.log('microtask 2'));
console.log('sync');
try { queueMicrotask('x'); } catch (e) { console.log(e.code); }
