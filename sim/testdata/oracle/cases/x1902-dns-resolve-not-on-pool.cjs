// The thread pool is saturated by four pbkdf2 jobs: dns.lookup (getaddrinfo, a pool
// job) waits until a pbkdf2 job frees a thread, dns.resolve4 (c-ares on a socket) does
// not wait at all.
const crypto = require('crypto');
const dns = require('dns');
const r = new dns.Resolver();
r.setServers(['127.0.0.1:1']);
const events = [];
for (let i = 1; i <= 4; i++) {
  crypto.pbkdf2('secret', 'salt', 200000, 32, 'sha256', () => events.push('pbkdf2'));
}
dns.lookup('localhost', (err, address) => {
  events.push('lookup');
  console.log('lookup', err, address);
  console.log('resolve4 before every pbkdf2:', events.indexOf('resolve4') < events.indexOf('pbkdf2'));
  console.log('lookup after a pbkdf2:', events.indexOf('pbkdf2') < events.indexOf('lookup'));
});
r.resolve4('pool.invalid', (err) => {
  events.push('resolve4');
  console.log('resolve4', err.code, 'pbkdf2 jobs done:', events.filter((e) => e === 'pbkdf2').length);
});
console.log('sync end');
