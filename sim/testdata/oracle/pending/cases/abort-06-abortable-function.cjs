// An abortable async function that checks its signal between steps.
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function job(signal) {
  for (let step = 1; step <= 5; step++) {
    if (signal.aborted) throw new Error('stopped at step ' + step);
    console.log('step', step);
    await sleep(40);
  }
  return 'finished';
}
const ac = new AbortController();
job(ac.signal).then(console.log, (e) => console.log(e.message));
setTimeout(() => ac.abort(), 100); // between step 3 (80 ms) and step 4 (120 ms)
