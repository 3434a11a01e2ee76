// dns.promises.Resolver: the same queries settle promises; a refused server rejects
// them with the callback form's errors, options such as { ttl: true } change nothing.
const dns = require('dns');
const r = new dns.promises.Resolver();
r.setServers(['127.0.0.1:1']);
async function main() {
  for (const [method, name] of [['resolve4', 'a.invalid'], ['resolveTxt', 'b.invalid'], ['resolveSoa', 'c.invalid'], ['reverse', '192.0.2.7']]) {
    try {
      console.log('resolved', await r[method](name));
    } catch (err) {
      console.log(method, err.code, err.syscall, err.hostname, err.message);
    }
  }
  await r.resolve4('d.invalid', { ttl: true }).catch((err) => console.log('ttl', err.code));
  await r.resolve('e.invalid', 'NS').catch((err) => console.log('resolve NS', err.code, err.syscall));
  console.log(r.getServers());
}
main().then(() => console.log('done'));
console.log('sync end');
