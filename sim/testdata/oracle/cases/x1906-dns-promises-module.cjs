// node:dns/promises: its resolve* functions are the default resolver's; setServers
// points them at a port where nothing listens. A bad name or rrtype throws at once, a
// reverse() of a string that is no address rejects (EINVAL).
const dnsPromises = require('dns/promises');
const dns = require('dns');
console.log(dnsPromises === dns.promises, typeof dnsPromises.Resolver, dnsPromises.NOTFOUND, dnsPromises.CANCELLED);
dnsPromises.setServers(['127.0.0.1:1']);
console.log(dnsPromises.getServers(), dns.getServers().includes('127.0.0.1:1'));
for (const f of [() => dnsPromises.resolve4(7), () => dnsPromises.resolve('x.invalid', 'XYZ'), () => dnsPromises.resolve('x.invalid', 1)]) {
  try { f(); } catch (e) { console.log('throws', e.name, e.code, e.message); }
}
dnsPromises.reverse('not-an-ip').catch((e) => console.log('rejects', e.name, e.code, e.syscall, e.hostname, e.message, e.errno));
dnsPromises.resolveMx('mail.invalid').then(
  (r) => console.log('resolved', r),
  (e) => {
    console.log('resolveMx', e.code, e.message);
    return dnsPromises.resolve('any.invalid', 'ANY');
  }).catch((e) => console.log('resolve ANY', e.code, e.syscall));
console.log('sync end');
