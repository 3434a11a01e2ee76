// forEach with an async callback does not wait: "after forEach" prints first and items finish by their delay.
const items = [60, 20, 40];
const work = (ms) => new Promise((r) => setTimeout(() => r(ms), ms));
items.forEach(async (ms) => {
  const v = await work(ms);
  console.log('done', v);
});
console.log('after forEach');
