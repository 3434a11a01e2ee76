// A DNS query is network I/O: its callback comes after the main script, its ticks and
// promise jobs, and the first setImmediate (the refusal needs the loop's polls), and
// long before a 200 ms timer. Ticks it queues run before the next setImmediate.
const dns = require('dns');
const r = new dns.Resolver();
r.setServers(['127.0.0.1:1']);
setTimeout(() => console.log('timeout 200'), 200);
r.resolve4('order.invalid', (err) => {
  console.log('dns callback', err.code);
  process.nextTick(() => console.log('tick from dns'));
  Promise.resolve().then(() => console.log('promise from dns'));
  setImmediate(() => console.log('immediate from dns'));
});
setImmediate(() => console.log('immediate'));
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
console.log('sync');
