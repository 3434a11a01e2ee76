// dns.setServers changes the default resolver that dns.resolve*() use; a Resolver made
// before or after keeps its own servers.
const dns = require('dns');
const before = new dns.Resolver();
const systemServers = before.getServers();
dns.setServers(['127.0.0.1:1']);
const after = new dns.Resolver();
console.log(dns.getServers(), before.getServers() === systemServers, after.getServers().includes('127.0.0.1:1'));
console.log(JSON.stringify(before.getServers()) === JSON.stringify(after.getServers()));
dns.resolve4('default.invalid', (err, addresses) => {
  console.log('dns.resolve4', err.code, err.hostname, addresses);
  dns.resolveTxt('default.invalid', (err) => console.log('dns.resolveTxt', err.code, err.syscall));
});
console.log(dns.resolve4.name, dns.resolve.name, before.resolve4.name, before.reverse.name, dns.getServers.name);
