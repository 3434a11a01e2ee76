// for...of with await processes items one after another.
const items = [30, 10, 20];
const work = (ms) => new Promise((r) => setTimeout(() => r(ms), ms));
(async () => {
  for (const ms of items) {
    const v = await work(ms);
    console.log('done', v);
  }
  console.log('all done in order');
})();
