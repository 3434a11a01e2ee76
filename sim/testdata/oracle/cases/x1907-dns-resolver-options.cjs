// Resolver options: timeout (-1 .. 2^31-1 ms, integer) and tries (>= 1) are checked in
// both classes; setLocalAddress checks its addresses; getServers shows a port only when
// it is not 53, an IPv6 one in brackets, each server once.
const { Resolver } = require('dns/promises');
const dns = require('dns');
for (const options of [{ timeout: 'x' }, { timeout: -2 }, { timeout: 1.5 }, { tries: 0 }, { tries: '2' }, { timeout: 2 ** 31 }, { timeout: -1, tries: 1 }, null, 5]) {
  for (const C of [dns.Resolver, Resolver]) {
    try {
      new C(options);
      console.log(JSON.stringify(options), 'ok');
    } catch (e) {
      console.log(JSON.stringify(options), e.name, e.code, e.message);
    }
  }
}
const r = new dns.Resolver({ timeout: 100, tries: 2 });
for (const args of [[1], ['bad'], ['127.0.0.1', '127.0.0.2'], ['::1', '::2'], ['127.0.0.1'], ['127.0.0.1', '::1'], ['::1']]) {
  try {
    console.log('setLocalAddress', args, r.setLocalAddress(...args));
  } catch (e) {
    console.log('setLocalAddress', args, e.code, e.code === 'ERR_INVALID_ARG_TYPE' ? '' : e.message);
  }
}
r.setServers(['127.0.0.1', '127.0.0.1:1', '[::1]:53', '[::1]:5353', '::1', '1.2.3.4:53', '127.0.0.1']);
console.log(r.getServers());
try { r.setServers('127.0.0.1'); } catch (e) { console.log(e.code, e.message); }
try { r.setServers([1]); } catch (e) { console.log(e.code, e.message); }
console.log(r.getServers().length, Object.keys(r), typeof r._handle);
