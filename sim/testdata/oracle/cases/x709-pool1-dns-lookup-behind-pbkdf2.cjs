// @threadpool: 1
// dns.lookup of a host name uses getaddrinfo on the thread pool: with one
// thread it waits behind a pbkdf2 submitted before it, while a setImmediate
// is unaffected. (Only the error status is printed, not the address.)
const dns = require('dns');
const crypto = require('crypto');
crypto.pbkdf2('secret', 'salt', 100000, 32, 'sha256', () => console.log('pbkdf2 done'));
dns.lookup('localhost', (err) => console.log('dns.lookup localhost done, error: ' + (err ? err.code : 'none')));
setImmediate(() => console.log('setImmediate'));
