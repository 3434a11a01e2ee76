// Two loops over generators driven by one interval run at once: their values interleave tick by tick.
let waiters = [];
const nextTickOfClock = () => new Promise((resolve) => waiters.push(resolve));
let n = 0;
const clock = setInterval(() => {
  n++;
  const ready = waiters;
  waiters = [];
  for (const resolve of ready) resolve(n);
  if (n === 6) clearInterval(clock);
}, 10);
async function* every(k, name, count) {
  for (let i = 0; i < count;) {
    const t = await nextTickOfClock();
    if (t % k === 0) {
      i++;
      yield name + ' at tick ' + t;
    }
  }
}
async function drain(gen) {
  for await (const v of gen) console.log(v);
}
Promise.all([drain(every(3, 'slow', 2)), drain(every(1, 'fast', 6))]).then(() => console.log('both done'));
