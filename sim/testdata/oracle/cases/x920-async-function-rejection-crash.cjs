// An async function that throws returns a rejected promise; if nobody
// handles it, the default mode crashes the process (exit code 1) after the
// current tick/microtask drain.
process.on('exit', (code) => console.log('exit ' + code));
async function fails() {
  await null;
  console.log('fails: after await, about to throw');
  throw new Error('async failure');
}
fails();
Promise.resolve().then(() => console.log('promise runs'));
setTimeout(() => console.log('timer (never)'), 0);
console.log('sync end');
