// The queries check their arguments at once: a name that is not a string, a callback
// that is not a function, an unknown rrtype, reverse() of a string that is no address
// (EINVAL from the binding, thrown), setServers() with something that is no address.
const dns = require('dns');
const r = new dns.Resolver();
const attempts = {
  'name number': () => dns.resolve4(42, () => {}),
  'no callback': () => dns.resolveMx('example.invalid'),
  'options, no callback': () => dns.resolve4('example.invalid', { ttl: true }),
  'rrtype number': () => dns.resolve('example.invalid', 5, () => {}),
  'rrtype unknown': () => dns.resolve('example.invalid', 'XYZ', () => {}),
  'rrtype lower case': () => r.resolve('example.invalid', 'mx', () => {}),
  'reverse not an ip': () => dns.reverse('not-an-ip', () => {}),
  'reverse number': () => r.reverse(1, () => {}),
  'server name': () => r.setServers(['localhost']),
  'server bad port': () => r.setServers(['1.2.3.4:abc']),
};
for (const [label, f] of Object.entries(attempts)) {
  try {
    f();
    console.log(label, 'no error');
  } catch (e) {
    const shown = e.code === 'ERR_INVALID_ARG_TYPE' || e.code === 'ERR_INVALID_CALLBACK' ? '' : e.message;
    console.log(label, e.name, e.code, shown);
  }
}
console.log(r.getServers().length > 0, typeof dns.resolve4('example.invalid', () => {}));
r.setServers(['127.0.0.1:1']);
r.resolveNs('after.invalid', (err) => console.log('callback', err.code));
