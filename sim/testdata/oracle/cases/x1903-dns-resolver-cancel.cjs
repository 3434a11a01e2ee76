// cancel() ends a Resolver's queries in flight with ECANCELLED; the callback runs after
// the main script's ticks and promise jobs, before setImmediate. The Resolver goes on
// working afterwards, and another Resolver's query is not cancelled.
const dns = require('dns');
const r = new dns.Resolver();
r.setServers(['127.0.0.1:1']);
const other = new dns.Resolver();
other.setServers(['127.0.0.1:1']);
r.resolve4('cancel.invalid', (err, addresses) => {
  console.log('cancelled', err.code, err.syscall, err.hostname, err.message, addresses);
  process.nextTick(() => console.log('tick from callback'));
});
setImmediate(() => {
  console.log('immediate');
  other.resolveTxt('other.invalid', (err) => {
    console.log('other', err.code);
    r.resolveMx('again.invalid', (err) => console.log('after cancel', err.code, err.message));
  });
  r.cancel();
});
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
r.cancel();
console.log('sync end');
