package sim

import (
	"reflect"
	"strings"
	"testing"
)

// The zone's answers cannot be recorded with real Node (its DNS server is the machine's),
// so these tests pin them: the shapes of Node's results, NXDOMAIN and NODATA errors, the
// ttl option, reverse() through PTR records, the upstreams' hosts, and the timing of a
// query (the scenario's dns_query_us, never the pool: R-P7).

// zoneScenario declares a zone with one name of every type.
func zoneScenario() Scenario {
	return Scenario{
		Upstreams: []Upstream{{Host: "api.example.com", LatencyMS: 5}},
		DNS: map[string]DNSRecords{
			"example.test": {
				TTL: 60, A: []string{"192.0.2.10", "192.0.2.11"}, AAAA: []string{"2001:db8::1"},
				MX:  []DNSMX{{Exchange: "mx1.example.test", Priority: 10}, {Exchange: "mx2.example.test", Priority: 20}},
				TXT: [][]string{{"v=spf1 -all"}, {"part one ", "part two"}},
				NS:  []string{"ns1.example.test"},
				SOA: &DNSSOA{Nsname: "ns1.example.test", Hostmaster: "admin.example.test", Serial: 2024010101, Refresh: 3600, Retry: 600, Expire: 86400, Minttl: 300},
				CAA: []DNSCAA{{Critical: 0, Issue: "letsencrypt.org"}},
			},
			"_sip._tcp.example.test": {SRV: []DNSSRV{{Name: "sip.example.test", Port: 5060, Priority: 1, Weight: 5}}},
			"www.example.test":       {CNAME: []string{"example.test"}},
			"enum.example.test": {NAPTR: []DNSNAPTR{{Flags: "u", Service: "E2U+sip", Regexp: "!^.*$!sip:info@example.test!", Replacement: "", Order: 100, Preference: 10}},
				TLSA: []DNSTLSA{{CertUsage: 3, Selector: 1, Match: 1, Data: "abcd"}}},
			"192.0.2.10": {PTR: []string{"example.test"}},
		},
	}
}

func TestDNSZoneAnswers(t *testing.T) {
	src := `const dns = require('dns');
const show = (label) => (err, v) => console.log(label, err ? err.message : JSON.stringify(v));
dns.resolve4('example.test', show('A'));
dns.resolve4('EXAMPLE.test.', { ttl: true }, show('A ttl'));
dns.resolve6('example.test', { ttl: true }, show('AAAA ttl'));
dns.resolveMx('example.test', show('MX'));
dns.resolveTxt('example.test', show('TXT'));
dns.resolveNs('example.test', show('NS'));
dns.resolveSoa('example.test', show('SOA'));
dns.resolveCaa('example.test', show('CAA'));
dns.resolveSrv('_sip._tcp.example.test', show('SRV'));
dns.resolveCname('www.example.test', show('CNAME'));
dns.resolveNaptr('enum.example.test', show('NAPTR'));
dns.resolveTlsa('enum.example.test', (err, r) => console.log('TLSA', r[0].certUsage, r[0].selector, r[0].match, Buffer.from(r[0].data).toString('hex')));
dns.resolve('example.test', 'MX', show('resolve MX'));
dns.reverse('192.0.2.10', show('reverse'));
dns.reverse('192.0.2.99', show('reverse unknown'));
dns.resolve4('nowhere.test', show('NXDOMAIN'));
dns.resolveMx('www.example.test', show('NODATA'));
dns.resolve4('api.example.com', show('upstream'));
dns.resolve4('localhost', show('localhost'));
`
	res := runSource(t, src, CommonJS, zoneScenario())
	want := []string{
		`A ["192.0.2.10","192.0.2.11"]`,
		`A ttl [{"address":"192.0.2.10","ttl":60},{"address":"192.0.2.11","ttl":60}]`,
		`AAAA ttl [{"address":"2001:db8::1","ttl":60}]`,
		`MX [{"exchange":"mx1.example.test","priority":10},{"exchange":"mx2.example.test","priority":20}]`,
		`TXT [["v=spf1 -all"],["part one ","part two"]]`,
		`NS ["ns1.example.test"]`,
		`SOA {"nsname":"ns1.example.test","hostmaster":"admin.example.test","serial":2024010101,"refresh":3600,"retry":600,"expire":86400,"minttl":300}`,
		`CAA [{"critical":0,"issue":"letsencrypt.org"}]`,
		`SRV [{"name":"sip.example.test","port":5060,"priority":1,"weight":5}]`,
		`CNAME ["example.test"]`,
		`NAPTR [{"flags":"u","service":"E2U+sip","regexp":"!^.*$!sip:info@example.test!","replacement":"","order":100,"preference":10}]`,
		`TLSA 3 1 1 abcd`,
		`resolve MX [{"exchange":"mx1.example.test","priority":10},{"exchange":"mx2.example.test","priority":20}]`,
		`reverse ["example.test"]`,
		`reverse unknown getHostByAddr ENOTFOUND 192.0.2.99`,
		`NXDOMAIN queryA ENOTFOUND nowhere.test`,
		`NODATA queryMx ENODATA www.example.test`,
		`upstream ["93.184.215.14"]`,
		`localhost ["127.0.0.1"]`,
	}
	if got := res.Outcomes[0].Stdout; !reflect.DeepEqual(got, want) {
		t.Errorf("stdout:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestDNSResolveAny(t *testing.T) {
	src := `require('dns').promises.resolveAny('example.test').then((r) => { for (const x of r) console.log(JSON.stringify(x)) })`
	res := runSource(t, src, CommonJS, zoneScenario())
	want := []string{
		`{"address":"192.0.2.10","ttl":60,"type":"A"}`,
		`{"address":"192.0.2.11","ttl":60,"type":"A"}`,
		`{"address":"2001:db8::1","ttl":60,"type":"AAAA"}`,
		`{"exchange":"mx1.example.test","priority":10,"type":"MX"}`,
		`{"exchange":"mx2.example.test","priority":20,"type":"MX"}`,
		`{"value":"ns1.example.test","type":"NS"}`,
		`{"entries":["v=spf1 -all"],"type":"TXT"}`,
		`{"entries":["part one ","part two"],"type":"TXT"}`,
		`{"nsname":"ns1.example.test","hostmaster":"admin.example.test","serial":2024010101,"refresh":3600,"retry":600,"expire":86400,"minttl":300,"type":"SOA"}`,
		`{"critical":0,"issue":"letsencrypt.org","type":"CAA"}`,
	}
	if got := res.Outcomes[0].Stdout; !reflect.DeepEqual(got, want) {
		t.Errorf("stdout:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestDNSQueryTiming: an answer takes dns_query_us and needs no pool thread: with the
// pool saturated, resolve4 answers at 0.2 ms while dns.lookup waits for a thread; the
// callback runs in the check phase before the setImmediate callbacks of that iteration.
func TestDNSQueryTiming(t *testing.T) {
	src := `const dns = require('dns'); const crypto = require('crypto');
const t0 = performance.now();
for (let i = 0; i < 4; i++) crypto.pbkdf2('p', 's', 100000, 32, 'sha256', () => {});
dns.lookup('api.example.com', () => console.log('lookup', Math.round(performance.now() - t0)));
dns.resolve4('example.test', (err, a) => {
  console.log('resolve4', a[0], (performance.now() - t0).toFixed(1));
  setImmediate(() => console.log('immediate queued by resolve4'));
});
const p = dns.promises.resolveTxt('example.test').then(() => console.log('promise form'));
`
	// JavaScript's CPU nearly free: the two queries go out at the same microsecond, so
	// their answers reach the same poll phase (a microsecond of JavaScript between
	// them would put the second in the next iteration).
	sc := zoneScenario()
	sc.Costs.JSOpPS, sc.Costs.JSAllocPS, sc.Costs.JSBytePS = 1, 1, 1
	res := runSource(t, src, CommonJS, sc)
	want := []string{"resolve4 192.0.2.10 0.2", "promise form", "immediate queued by resolve4", "lookup 11"}
	if got := res.Outcomes[0].Stdout; !reflect.DeepEqual(got, want) {
		t.Errorf("stdout %q, want %q", got, want)
	}
	sc = zoneScenario()
	sc.Costs.DNSQueryUS = 5000
	res = runSource(t, `const t0 = performance.now(); require('dns').resolveNs('example.test', () => console.log((performance.now() - t0).toFixed(0)))`, CommonJS, sc)
	if got := res.Outcomes[0].Stdout; !reflect.DeepEqual(got, []string{"5"}) {
		t.Errorf("dns_query_us 5000: %q, want [5]", got)
	}
}

// TestDNSServersAndCancel: a server before the machine's is refused once, then the
// machine's answers; cancel() ends the queries in flight with ECANCELLED.
func TestDNSServersAndCancel(t *testing.T) {
	src := `const dns = require('dns');
const r = new dns.Resolver();
r.setServers(['127.0.0.1:1', '127.0.0.53']);
r.resolve4('example.test', (err, a) => console.log('second server', err, a));
const c = new dns.Resolver();
c.resolveMx('example.test', (err) => console.log('cancelled', err.code, err.message));
c.cancel();
const n = new dns.Resolver();
n.setServers(['8.8.8.8']);
n.resolve4('example.test', (err) => console.log('other server', err.code));
`
	res := runSource(t, src, CommonJS, zoneScenario())
	want := []string{"cancelled ECANCELLED queryMx ECANCELLED example.test", "other server ECONNREFUSED", `second server null [ '192.0.2.10', '192.0.2.11' ]`}
	if got := res.Outcomes[0].Stdout; !reflect.DeepEqual(got, want) {
		t.Errorf("stdout %q, want %q", got, want)
	}
}

func TestDNSZoneValidation(t *testing.T) {
	for _, sc := range []Scenario{
		{DNS: map[string]DNSRecords{"x.test": {A: []string{"::1"}}}},
		{DNS: map[string]DNSRecords{"x.test": {AAAA: []string{"1.2.3.4"}}}},
		{DNS: map[string]DNSRecords{"x.test": {TLSA: []DNSTLSA{{Data: "zz"}}}}},
		{DNS: map[string]DNSRecords{"": {A: []string{"1.2.3.4"}}}},
	} {
		if err := sc.Validate(); err == nil {
			t.Errorf("%+v: no error", sc.DNS)
		}
	}
}
