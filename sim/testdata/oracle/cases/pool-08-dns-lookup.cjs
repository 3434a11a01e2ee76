// dns.lookup of localhost runs in the pool; an IP literal answers without it.
const dns = require('dns');
dns.lookup('127.0.0.1', (err, address, family) => console.log('literal', err, address, family));
dns.lookup('localhost', { family: 4 }, (err, address, family) => console.log('localhost', err, address, family));
console.log('sync');
