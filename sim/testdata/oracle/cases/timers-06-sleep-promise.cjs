// The classic sleep helper built from a Promise and setTimeout.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function main() {
  console.log('start');
  await sleep(20);
  console.log('after 20 ms');
  await sleep(20);
  console.log('after 40 ms');
  return 'done';
}
main().then((v) => console.log(v));
