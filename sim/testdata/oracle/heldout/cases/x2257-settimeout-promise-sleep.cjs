const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function worker(name, ms) {
  console.log(name, 'start');
  await sleep(ms);
  console.log(name, 'done');
}
worker('A', 20);
worker('B', 10);
console.log('both started');
