// Found by cmd/fuzzdiff -seed 50140 -skip 'abort,abortTimer,asyncgen,eventTarget' -esm 0.2 (shape: timer(pool(allSettled) asyncThrow throw) timer(await(allSettled) executor(queueMicrotask(log)) micro(caught)) caught).
// The simulator and Node 24.18.0 disagreed: order: line 14: simulator "L13", Node "async caught L15"
const crypto = require('crypto');
process.on('uncaughtException', (err) => console.log('uncaught', err.message));
setTimeout(() => {
  console.log('L17', 'slot 2');
  crypto.pbkdf2('a', 'b', 1, 8, 'sha256', () => {
    console.log('L13');
    Promise.allSettled([Promise.reject(new Error('no')), 1]).then((r) => console.log('L14', r.map((x) => x.status).join(',')));
  });
  busy(30);
  (async () => { throw new Error('L15'); })().catch((err) => console.log('async caught', err.message));
  throw new Error('L16');
}, 200);
setTimeout(() => {
  console.log('L11', 'slot 1');
  (async () => {
    console.log('L3', 'before await');
    await { then(r) { r(); } };
    console.log('L3', 'after await');
    Promise.allSettled([Promise.reject(new Error('no')), 1]).then((r) => console.log('L4', r.map((x) => x.status).join(',')));
  })();
  new Promise((resolve) => {
    console.log('L5', 'executor');
    resolve();
  }).then(() => {
    console.log('L5', 'then');
    queueMicrotask(() => {
      console.log('L6');
      console.log('L7');
    });
  });
  Promise.resolve().then(() => {
    console.log('L8');
    try { throw new Error('L9'); } catch (err) { console.log('caught', err.message); }
  });
}, 100);
try { throw new Error('L1'); } catch (err) { console.log('caught', err.message); }
