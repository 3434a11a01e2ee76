// cancel() on a dns/promises Resolver rejects its query with ECANCELLED. Two Resolvers
// cancelled one after the other call back in that order, both before the ticks and
// promise jobs the first callback queues: Node runs its native immediates in one
// callback scope.
const { Resolver } = require('dns/promises');
const dns = require('dns');
const p = new Resolver();
p.setServers(['127.0.0.1:1']);
p.resolveNs('p.invalid').then((v) => console.log('resolved', v), (e) => console.log('rejected', e.code, e.syscall, e.message));
const a = new dns.Resolver();
a.setServers(['127.0.0.1:1']);
const b = new dns.Resolver();
b.setServers(['127.0.0.1:2']);
b.resolveSrv('second.invalid', (e) => console.log('b', e.code, e.syscall));
a.resolve6('first.invalid', (e) => {
  console.log('a', e.code, e.syscall);
  process.nextTick(() => console.log('tick from a'));
  Promise.resolve().then(() => console.log('promise from a'));
});
setImmediate(() => console.log('immediate'));
a.cancel();
p.cancel();
b.cancel();
