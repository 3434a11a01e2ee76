// 'beforeExit' is emitted each time the loop runs dry; a listener that
// schedules more work keeps the process going. Here it re-arms a timer
// twice, so it fires 3 times before 'exit'.
let n = 0;
process.on('beforeExit', (code) => {
  n++;
  console.log('beforeExit ' + n + ' (code ' + code + ')');
  if (n < 3) {
    setTimeout(() => console.log('timer scheduled by beforeExit ' + n), 1);
    Promise.resolve().then(() => console.log('promise from beforeExit ' + n));
  }
});
process.on('exit', (code) => console.log('exit ' + code));
console.log('main done');
