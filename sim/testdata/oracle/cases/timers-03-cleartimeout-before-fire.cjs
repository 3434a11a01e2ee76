// A timer cancelled before it fires never runs; the other one does.
const a = setTimeout(() => console.log('A should not print'), 40);
setTimeout(() => {
  clearTimeout(a);
  console.log('B cancelled A');
}, 10);
setTimeout(() => console.log('C after A would have fired'), 80);
