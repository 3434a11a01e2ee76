// A timeout pattern with Promise.race: the slow task loses to a 20 ms timeout.
const task = new Promise((r) => setTimeout(() => r('task result'), 60));
const timeout = new Promise((_, rej) => setTimeout(() => rej(new Error('timed out')), 20));
Promise.race([task, timeout])
  .then((v) => console.log('won:', v))
  .catch((e) => console.log('race:', e.message));
task.then((v) => console.log('task still finished:', v));
