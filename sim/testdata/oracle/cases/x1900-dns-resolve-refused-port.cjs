// A Resolver pointed at a local port where nothing listens: every query type fails
// with ECONNREFUSED (c-ares reads the refusal from its UDP socket), the syscall naming
// the query (queryA, queryMx...), the hostname it asked for, and no result. reverse()
// then reads /etc/hosts, which has no TEST-NET address: ENOTFOUND getHostByAddr.
const dns = require('dns');
const r = new dns.Resolver();
r.setServers(['127.0.0.1:1']);
console.log(r.getServers());
const steps = [
  ['resolve4', 'a.invalid'], ['resolve6', 'b.invalid'], ['resolveMx', 'c.invalid'], ['resolveTxt', 'd.invalid'],
  ['resolveNs', 'e.invalid'], ['resolveCname', 'f.invalid'], ['resolveSrv', '_sip._tcp.g.invalid'],
  ['resolvePtr', 'h.invalid'], ['resolveSoa', 'i.invalid'], ['resolveNaptr', 'j.invalid'], ['resolveAny', 'k.invalid'],
  ['reverse', '192.0.2.1'],
];
(function next(i) {
  if (i === steps.length) {
    r.resolve('l.invalid', 'MX', (err) => {
      console.log('resolve MX', err.code, err.syscall);
      r.resolve('m.invalid', (err) => console.log('resolve', err.code, err.syscall, err.message));
    });
    return;
  }
  const [method, name] = steps[i];
  r[method](name, (err, result) => {
    console.log(method, err.code, err.syscall, err.hostname, err.message, result);
    next(i + 1);
  });
})(0);
console.log('sync end');
