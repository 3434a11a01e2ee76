// dns.lookupService is getnameinfo on the pool: a loopback address with a known port
// gives ('localhost', service); its argument checks throw at once; the resolver's
// result order can be read and set; a Resolver has its own servers.
const dns = require('dns');
console.log(dns.getDefaultResultOrder());
dns.lookupService('127.0.0.1', 22, (err, hostname, service) => {
  console.log('lookupService', err, hostname, service);
  dns.promises.lookupService('127.0.0.1', 443).then((r) => {
    console.log('promises', r);
    dns.lookup('localhost', (err, address, family) => console.log('lookup', err, address, family));
  });
});
try { dns.lookupService('x', 1, () => {}); } catch (e) { console.log(e.code, e.message); }
try { dns.lookupService('127.0.0.1', 70000, () => {}); } catch (e) { console.log(e.code, e.message); }
const r = new dns.Resolver();
r.setServers(['1.1.1.1']);
console.log(typeof r.resolve4, r.getServers(), typeof dns.promises.Resolver);
dns.setDefaultResultOrder('ipv4first');
console.log(dns.getDefaultResultOrder(), dns.promises.getDefaultResultOrder());
try { dns.setDefaultResultOrder('nope'); } catch (e) { console.log(e.code); }
console.log('sync end');
