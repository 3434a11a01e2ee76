// The check phase detaches the current immediate list before running it:
// an immediate queued by immediate A goes to the next iteration, after B.
// Ticks and promise jobs queued by A run before B (per-callback drain).
setImmediate(() => {
  console.log('immediate A');
  setImmediate(() => console.log('immediate C (queued by A)'));
  Promise.resolve().then(() => console.log('promise from A'));
  process.nextTick(() => console.log('tick from A'));
});
setImmediate(() => console.log('immediate B'));
