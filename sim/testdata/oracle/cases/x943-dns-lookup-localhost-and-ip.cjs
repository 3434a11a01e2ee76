// dns.lookup of an IP literal calls back via process.nextTick (no lookup);
// dns.lookup('localhost') goes through getaddrinfo on the thread pool and
// calls back later, from the poll phase. The localhost address family is
// system-dependent and not printed.
const dns = require('dns');
dns.lookup('localhost', (err, address) => {
  console.log('localhost: err ' + err + ', got an address: ' + (typeof address === 'string'));
});
dns.lookup('127.0.0.1', (err, address, family) => {
  console.log('127.0.0.1: ' + address + ' family ' + family);
});
dns.lookup('::1', (err, address, family) => {
  console.log('::1: ' + address + ' family ' + family);
});
setTimeout(() => console.log('timeout 50'), 50);
console.log('sync end');
