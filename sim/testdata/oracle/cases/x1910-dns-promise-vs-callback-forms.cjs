// A promise query and a callback query refused in the same loop iteration: c-ares ends
// both in that iteration's check phase, one native callback scope for both, so the
// callback runs before the promise's reaction even though the promise was asked first.
const dnsPromises = require('dns/promises');
const dns = require('dns');
const p = new dnsPromises.Resolver({ tries: 1 });
p.setServers(['127.0.0.1:1']);
const c = new dns.Resolver({ tries: 1 });
c.setServers(['127.0.0.1:1']);
p.resolve4('promise.invalid').catch((e) => console.log('promise form', e.code));
c.resolve4('callback.invalid', (e) => {
  console.log('callback form', e.code);
  process.nextTick(() => console.log('tick from callback'));
});
setImmediate(() => console.log('immediate'));
console.log('sync end');
