// A worker loop polls its signal between async steps and stops cleanly.
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function poll(signal) {
  let n = 0;
  while (!signal.aborted) {
    n++;
    await sleep(20);
  }
  return n;
}
const ac = new AbortController();
poll(ac.signal).then((n) => console.log('stopped after', n >= 2 && n <= 4 ? 'a few rounds' : n));
setTimeout(() => ac.abort(), 50);
