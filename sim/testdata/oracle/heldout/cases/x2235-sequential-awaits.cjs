const delay = (ms, v) => new Promise((r) => setTimeout(() => r(v), ms));
(async () => {
  console.log(await delay(20, 'first'));
  console.log(await delay(10, 'second'));
  console.log('done');
})();
setTimeout(() => console.log('timer 15'), 15);
