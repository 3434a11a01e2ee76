// dns.lookup of an IP literal performs no lookup: the callback is delivered
// with process.nextTick, i.e. before promise jobs and before any phase.
const dns = require('dns');
setImmediate(() => console.log('setImmediate'));
Promise.resolve().then(() => console.log('promise'));
dns.lookup('127.0.0.1', (err, address, family) => {
  console.log('lookup callback: ' + address + ' family ' + family);
});
console.log('sync');
