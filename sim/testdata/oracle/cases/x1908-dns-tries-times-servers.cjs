// c-ares tries every server `tries` times (default 4) before it gives up; each refusal
// from a local port is read in its own poll, so a query to refused servers ends after
// tries x servers loop iterations (counted with a setImmediate chain).
const { Resolver } = require('dns/promises');
const dns = require('dns');
function measure(options, servers) {
  return new Promise((resolve) => {
    const r = new dns.Resolver(options);
    r.setServers(servers);
    let iterations = 0;
    let done = false;
    (function hop() { if (!done) { iterations++; setImmediate(hop); } })();
    r.resolve4('tries.invalid', (err) => {
      done = true;
      resolve(`${JSON.stringify(options)} x ${servers.length}: ${err.code} after ${iterations} iterations`);
    });
  });
}
(async () => {
  console.log(await measure({ tries: 1 }, ['127.0.0.1:1']));
  console.log(await measure({ tries: 2 }, ['127.0.0.1:1']));
  console.log(await measure(undefined, ['127.0.0.1:1']));
  console.log(await measure({ tries: 1 }, ['127.0.0.1:1', '127.0.0.1:2', '127.0.0.1:3']));
  console.log(await measure({ tries: 3, timeout: 5000 }, ['127.0.0.1:1', '127.0.0.1:2']));
  const p = new Resolver({ tries: 1 });
  p.setServers(['127.0.0.1:1']);
  let turns = 0;
  let done = false;
  (function hop() { if (!done) { turns++; setImmediate(hop); } })();
  await p.resolveSrv('_x._tcp.tries.invalid').catch((e) => { done = true; console.log('promise', e.code, 'after', turns); });
})();
